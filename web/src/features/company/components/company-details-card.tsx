import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import type { Company } from '@shared/data/companies';
import { companyDetailsSchema } from '@shared/domain/validation/company';
import { domainListSchema } from '@shared/domain/validation/fields';
import { useUpdateCompany } from '@web/api/companies/company-mutations';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { InputField, inputClass } from '@web/components/ui/field';

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

  function addDomain() {
    const entry = draft.trim();
    if (entry === '') return;
    const parsed = domainListSchema.safeParse(entry);
    if (!parsed.success) {
      setErrors((e) => ({ ...e, domains: parsed.error.issues[0]?.message }));
      return;
    }
    const next = [...domains];
    for (const d of parsed.data) if (!next.includes(d)) next.push(d);
    setDomains(next);
    setDraft('');
    setErrors((e) => ({ ...e, domains: undefined }));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') {
      e.preventDefault();
      addDomain();
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
              onClick={addDomain}
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
                  onClick={() => setDomains(domains.filter((x) => x !== d))}
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
    </Card>
  );
}
