import { DEMO_COMPANY_EMAIL } from '@shared/domain/brand';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import type { DomainInstructions, DomainSummary } from '@shared/data/companies';
import { domainClaimedMessage } from '@shared/domain/domains';
import { verificationMetaTag } from '@shared/domain/verification-meta';
import { companyActions } from '@web/api/companies/company-actions';
import { useVerifyDomain } from '@web/api/companies/company-mutations';
import { useDomainSummary } from '@web/api/companies/get-domain-summary';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/** Copies a value of the verification record (#19 item 22). */
function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Copy ${label}`}
      onClick={() =>
        navigator.clipboard.writeText(value).then(
          () => toast.success('Copied', { description: `${label} copied.` }),
          () => toast.error('Could not copy', { description: value }),
        )
      }
    >
      Copy
    </Button>
  );
}

function Copyable({
  value,
  label,
  testId,
}: {
  value: string;
  label: string;
  testId?: string;
}) {
  return (
    <span className="mt-1 flex items-center gap-2">
      <code
        data-testid={testId}
        className="min-w-0 flex-1 rounded bg-white px-1.5 py-1 break-all"
      >
        {value}
      </code>
      <CopyButton value={value} label={label} />
    </span>
  );
}

function Instructions({ how }: { how: DomainInstructions }) {
  return (
    <div className="mt-3 flex flex-col gap-3 rounded-xl bg-surface p-3 text-sm">
      <div>
        <p className="font-semibold">Option 1: DNS TXT record</p>
        <p className="mt-1 text-ink-muted">Name</p>
        <Copyable value={how.dns_record_name} label="Record name" />
        <p className="mt-1 text-ink-muted">Value</p>
        <Copyable
          value={how.dns_record_value}
          label="Record value"
          testId="dns-value"
        />
      </div>
      <div>
        <p className="font-semibold">Option 2: a file on your site</p>
        <p className="mt-1 text-ink-muted">Publish</p>
        <Copyable
          value={`https://${how.domain}${how.file_path}`}
          label="File address"
        />
        <p className="mt-1 text-ink-muted">containing</p>
        <Copyable
          value={how.file_content}
          label="File content"
          testId="file-token"
        />
      </div>
      <div>
        <p className="font-semibold">Option 3: a meta tag on your home page</p>
        <p className="mt-1 text-ink-muted">
          In the {'<head>'} of https://{how.domain}/, add
        </p>
        <Copyable
          value={verificationMetaTag(how.file_content)}
          label="Meta tag"
          testId="meta-tag"
        />
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
        ) : domain.claimed ? (
          <Badge className="bg-red-100 text-red-800">Claimed</Badge>
        ) : (
          <Badge className="bg-yellow-100 text-yellow-800">Unverified</Badge>
        )}
        {domain.claimed ? (
          <span className="text-sm text-ink-muted">
            {domainClaimedMessage(domain.domain)}
          </span>
        ) : (
          <span className="text-sm text-ink-muted">
            {domain.feedback_count} feedback
          </span>
        )}
        {!domain.verified && !domain.claimed && (
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
export function DomainsCard({ demoMode = false }: { demoMode?: boolean }) {
  const domains = useDomainSummary(true);
  return (
    <Card id="domains" className="scroll-mt-20">
      <h2 className="text-lg font-bold">Domain verification</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Feedback is shown only for domains you have proven you own, with a DNS
        TXT record, a file on your site or a meta tag on your home page.
      </p>
      {demoMode && (
        // Without a public site the real checks cannot pass here: say where
        // a verified domain can be seen instead (#40 item 11).
        <p
          role="note"
          data-testid="demo-domains-note"
          className="mt-3 rounded-xl border border-accent-200 bg-accent-50 px-4 py-2.5 text-sm text-accent-700"
        >
          Demo mode: the checks below are the real ones, so they pass only for a
          domain whose DNS or site you control. To see a verified domain, sign
          in as <strong>{DEMO_COMPANY_EMAIL}</strong>: its{' '}
          <strong>example.com</strong> comes verified, with its feedback.
        </p>
      )}
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
