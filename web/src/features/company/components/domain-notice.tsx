import { Link } from 'react-router-dom';
import type { DomainSummary } from '@shared/data/companies';
import { paths } from '@web/config/paths';

/**
 * Unverified domains: how many feedback wait behind each, and where to
 * verify it. Content stays hidden until the domain is verified.
 */
export function DomainNotice({
  domains,
}: {
  domains: readonly DomainSummary[];
}) {
  const unverified = domains.filter((d) => !d.verified);
  if (domains.length === 0)
    return (
      <p className="rounded-2xl border border-line bg-white p-4 text-sm text-ink-muted">
        Add your website’s domain in{' '}
        <Link
          to={paths.companySettings}
          className="font-medium text-brand-700 underline"
        >
          Company Settings
        </Link>{' '}
        to start receiving feedback.
      </p>
    );
  if (unverified.length === 0) return null;
  return (
    <section
      aria-label="Unverified domains"
      className="rounded-2xl border border-yellow-300 bg-yellow-50 p-4"
    >
      <h2 className="font-semibold text-yellow-900">
        Verify your domains to read their feedback
      </h2>
      <ul className="mt-2 flex flex-col gap-1 text-sm text-yellow-900">
        {unverified.map((d) => (
          <li key={d.domain} data-testid="unverified-domain">
            <span className="font-semibold break-all">{d.domain}</span>:{' '}
            {d.claimed
              ? 'claimed by another company'
              : `${d.feedback_count} feedback waiting (unverified)`}
          </li>
        ))}
      </ul>
      <Link
        to={`${paths.companySettings}#domains`}
        className="mt-3 inline-block text-sm font-semibold text-brand-700 underline"
      >
        Verify in settings
      </Link>
    </section>
  );
}
