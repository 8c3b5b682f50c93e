import { useState } from 'react';
import { toast } from 'sonner';
import type { DomainInstructions, DomainSummary } from '@shared/data/companies';
import { companyActions } from '@web/api/companies/company-actions';
import { useVerifyDomain } from '@web/api/companies/company-mutations';
import { useDomainSummary } from '@web/api/companies/get-domain-summary';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

function Instructions({ how }: { how: DomainInstructions }) {
  return (
    <div className="mt-3 flex flex-col gap-3 rounded-xl bg-surface p-3 text-sm">
      <div>
        <p className="font-semibold">Option 1: DNS TXT record</p>
        <p className="text-ink-muted">
          Name{' '}
          <code className="rounded bg-white px-1 break-all">
            {how.dns_record_name}
          </code>
          , value{' '}
          <code
            data-testid="dns-value"
            className="rounded bg-white px-1 break-all"
          >
            {how.dns_record_value}
          </code>
        </p>
      </div>
      <div>
        <p className="font-semibold">Option 2: a file on your site</p>
        <p className="text-ink-muted">
          Publish{' '}
          <code className="rounded bg-white px-1 break-all">
            https://{how.domain}
            {how.file_path}
          </code>{' '}
          containing{' '}
          <code
            data-testid="file-token"
            className="rounded bg-white px-1 break-all"
          >
            {how.file_content}
          </code>
        </p>
      </div>
    </div>
  );
}

function DomainRow({ domain }: { domain: DomainSummary }) {
  const verify = useVerifyDomain();
  const [how, setHow] = useState<DomainInstructions | null>(null);

  async function showHow() {
    try {
      setHow(await companyActions.domainInstructions(domain.domain));
    } catch (err) {
      toast.error('Could not load the instructions', {
        description: (err as Error).message,
      });
    }
  }

  function onVerify() {
    verify.mutate(domain.domain, {
      onSuccess: (r) => {
        if (r.verified)
          toast.success('Domain verified', {
            description: `Feedback about ${domain.domain} is now in your dashboard.`,
          });
        else toast.error('Not verified yet', { description: r.error ?? '' });
      },
      onError: (err) =>
        toast.error('Verification failed', { description: err.message }),
    });
  }

  return (
    <li
      data-testid="domain-row"
      data-domain={domain.domain}
      className="rounded-xl border border-line p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold break-all">{domain.domain}</span>
        {domain.verified ? (
          <Badge className="bg-green-100 text-green-800">Verified</Badge>
        ) : (
          <Badge className="bg-yellow-100 text-yellow-800">Unverified</Badge>
        )}
        <span className="text-sm text-ink-muted">
          {domain.feedback_count} feedback
        </span>
        {!domain.verified && (
          <span className="ml-auto flex gap-2">
            <Button variant="ghost" size="sm" onClick={showHow}>
              How to verify
            </Button>
            <Button size="sm" onClick={onVerify} disabled={verify.isPending}>
              {verify.isPending ? 'Checking...' : 'Verify'}
            </Button>
          </span>
        )}
      </div>
      {how && !domain.verified && <Instructions how={how} />}
    </li>
  );
}

/** Domain ownership: state, counts, instructions and the Verify check. */
export function DomainsCard() {
  const domains = useDomainSummary(true);
  return (
    <Card id="domains" className="scroll-mt-20">
      <h2 className="text-lg font-bold">Domain verification</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Feedback is shown only for domains you have proven you own, with a DNS
        TXT record or a file on your site.
      </p>
      {domains.data && domains.data.length === 0 && (
        <p className="mt-3 text-sm text-ink-muted">
          Add a domain in Company Details first.
        </p>
      )}
      <ul className="mt-4 flex flex-col gap-2">
        {domains.data?.map((d) => (
          <DomainRow key={d.domain} domain={d} />
        ))}
      </ul>
    </Card>
  );
}
