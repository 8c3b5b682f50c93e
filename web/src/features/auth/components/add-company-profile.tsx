import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/lib/toast';
import type { User } from '@supabase/supabase-js';
import { addCompanyProfileSchema } from '@shared/domain/validation/company';
import { companyActions } from '@web/api/companies/company-actions';
import { companyKeys } from '@web/api/companies/keys';
import { Button } from '@web/components/ui/button';
import { InputField } from '@web/components/ui/field';
import { CompanyTermsField } from './company-terms-field';

export interface CompanyDraft {
  companyName: string;
  websiteUrl: string;
  domain: string;
  acceptTerms: boolean;
}

/**
 * A signed-in account without a company (a consumer) becomes one only
 * here: the company details and the company terms (DECISIONS "Becoming a
 * company"). What was typed at sign-up comes prefilled.
 */
export function AddCompanyProfile({
  user,
  initial,
  onCreated,
}: {
  user: Pick<User, 'id' | 'email'>;
  initial: CompanyDraft;
  onCreated: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const set = (patch: Partial<CompanyDraft>) =>
    setDraft((d) => ({ ...d, ...patch }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const parsed = addCompanyProfileSchema.safeParse({
      ...draft,
      domains: draft.domain,
    });
    if (!parsed.success) {
      const next: Partial<Record<string, string>> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0] ?? 'form')] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    setSaving(true);
    try {
      const company = await companyActions.addCompanyProfile(parsed.data);
      // The dashboard may have read "no company" before: it has one now.
      queryClient.setQueryData(companyKeys.mine(user.id), company);
      toast.success('Welcome!', {
        description:
          'Company account created successfully. Redirecting to dashboard...',
      });
      onCreated();
    } catch (err) {
      toast.error('Company registration failed', {
        description: (err as Error).message,
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Add a company profile"
      className="mt-6 flex flex-col gap-4"
    >
      <p className="text-sm text-ink-muted">
        You are signed in as{' '}
        <span className="font-medium break-all text-ink">{user.email}</span>,
        which has no company profile yet. Add one to read feedback about your
        website.
      </p>
      <InputField
        label="Company name"
        name="companyName"
        autoComplete="organization"
        required
        value={draft.companyName}
        onChange={(e) => set({ companyName: e.target.value })}
        error={errors.companyName}
      />
      <InputField
        label="Website URL"
        name="websiteUrl"
        type="url"
        placeholder="https://example.com"
        value={draft.websiteUrl}
        onChange={(e) => set({ websiteUrl: e.target.value })}
        error={errors.websiteUrl}
      />
      <InputField
        label="Domain"
        name="domain"
        placeholder="example.com, shop.example.com"
        hint="Used to filter feedback from your website. Separate several domains with commas."
        value={draft.domain}
        onChange={(e) => set({ domain: e.target.value })}
        error={errors.domains}
      />
      <CompanyTermsField
        checked={draft.acceptTerms}
        onChange={(acceptTerms) => set({ acceptTerms })}
        error={errors.acceptTerms}
      />
      <Button
        type="submit"
        size="lg"
        disabled={saving || !draft.acceptTerms}
        className="mt-2 w-full"
      >
        {saving ? 'Creating profile...' : 'Create company profile'}
      </Button>
    </form>
  );
}
