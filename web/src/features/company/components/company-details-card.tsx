import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from '@web/lib/toast';
import type { Company } from '@shared/data/companies';
import { companyDetailsSchema } from '@shared/domain/validation/company';
import { domainListSchema } from '@shared/domain/validation/fields';
import { domainClaimedMessage } from '@shared/domain/domains';
import { companyActions } from '@web/api/companies/company-actions';
import { useUpdateCompany } from '@web/api/companies/company-mutations';
import { useDomainSummary } from '@web/api/companies/get-domain-summary';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { InputField, inputClass } from '@web/components/ui/field';
import { RemoveDomainDialog } from './remove-domain-dialog';

/**
 * Company Details: name, website and domains (added by Enter or +, each a
 * badge removed on click). Nothing is saved until Save; a bad entry keeps
 * what was typed and says why.
 */
export function CompanyDetailsCard({
  company,
  userId,
}: {
  company: Company;
  userId: string;
}) {
  const update = useUpdateCompany(userId);
  const [name, setName] = useState(company.company_name);
  const [website, setWebsite] = useState(company.website_url ?? '');
  const [domains, setDomains] = useState<string[]>(company.domains);
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [checking, setChecking] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const summary = useDomainSummary(true);
  const verified = new Set(
    (summary.data ?? []).filter((d) => d.verified).map((d) => d.domain),
  );

  // A domain another company verified is said at once and not added: it
  // could never be verified here (#19 item 17).
  async function addDomain() {
    const entry = draft.trim();
    if (entry === '' || checking) return;
    const parsed = domainListSchema.safeParse(entry);
    if (!parsed.success) {
      setErrors((e) => ({ ...e, domains: parsed.error.issues[0]?.message }));
      return;
    }
    setChecking(true);
    try {
      const fresh = parsed.data.filter((d) => !domains.includes(d));
      const checks = await Promise.all(fresh.map(companyActions.checkDomain));
      const claimed = checks.find((c) => c.claimed);
      if (claimed) {
        setErrors((e) => ({
          ...e,
          domains: domainClaimedMessage(claimed.domain),
        }));
        return;
      }
      setDomains((current) => [
        ...current,
        ...fresh.filter((d) => !current.includes(d)),
      ]);
      setDraft('');
      setErrors((e) => ({ ...e, domains: undefined }));
    } catch (err) {
      setErrors((e) => ({ ...e, domains: (err as Error).message }));
    } finally {
      setChecking(false);
    }
  }

  // A verified domain leaves only after a confirmation (#19 item 16).
  function removeDomain(d: string) {
    if (verified.has(d)) setRemoving(d);
    else setDomains(domains.filter((x) => x !== d));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      void addDomain();
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = companyDetailsSchema.safeParse({
      companyName: name,
      websiteUrl: website,
      domains,
    });
    if (!parsed.success) {
      const next: Partial<Record<string, string>> = {};
      for (const issue of parsed.error.issues)
        next[String(issue.path[0])] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    update.mutate(
      {
        id: company.id,
        patch: {
          companyName: parsed.data.companyName,
          websiteUrl: parsed.data.websiteUrl,
          domains: parsed.data.domains,
        },
      },
      {
        onSuccess: (saved) => {
          setDomains(saved.domains);
          toast.success('Success', {
            description: 'Company information updated successfully.',
          });
        },
        onError: (err) =>
          toast.error('Update failed', { description: err.message }),
      },
    );
  }

  return (
    <Card id="details" className="scroll-mt-20">
      <h2 className="text-lg font-bold">Company Details</h2>
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Company details"
        className="mt-4 flex flex-col gap-4"
      >
        <InputField
          label="Company name"
          name="companyName"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.companyName}
        />
        <InputField
          label="Website URL"
          name="websiteUrl"
          type="url"
          placeholder="https://example.com"
          value={website}
          onChange={(e) => setWebsite(e.target.value)}
          error={errors.websiteUrl}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor="new-domain" className="text-sm font-medium">
            Domains
          </label>
          <div className="flex gap-2">
            <input
              id="new-domain"
              className={inputClass}
              placeholder="example.com"
              value={draft}
              aria-invalid={Boolean(errors.domains) || undefined}
              aria-describedby="domains-hint"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <Button
              variant="secondary"
              aria-label="Add domain"
              disabled={checking}
              onClick={() => void addDomain()}
            >
              +
            </Button>
          </div>
          <p id="domains-hint" className="text-xs text-ink-muted">
            Press Enter or + to add. Click a domain to remove it.
          </p>
          {errors.domains && (
            <p role="alert" className="text-xs font-medium text-red-600">
              {errors.domains}
            </p>
          )}
          <ul className="mt-1 flex flex-wrap gap-2" aria-label="Your domains">
            {domains.map((d) => (
              <li key={d}>
                <button
                  type="button"
                  onClick={() => removeDomain(d)}
                  aria-label={`Remove ${d}`}
                  className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium break-all text-brand-800 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {d} <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
        <Button
          type="submit"
          className="self-start"
          disabled={update.isPending}
        >
          {update.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </form>
      <RemoveDomainDialog
        domain={removing}
        onCancel={() => setRemoving(null)}
        onConfirm={(d) => {
          setDomains((current) => current.filter((x) => x !== d));
          setRemoving(null);
        }}
      />
    </Card>
  );
}
