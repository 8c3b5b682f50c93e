import { useParams } from 'react-router-dom';
import { normalizeDomain } from '@shared/domain/domain-match';
import { useDomainClaim } from '@web/api/claims/claims';
import { PageSpinner } from '@web/components/ui/spinner';
import { INVALID_DOMAIN } from '@web/features/landing/components/check-domain-form';
import {
  ClaimPage,
  ClaimProblem,
} from '@web/features/landing/components/claim-page';

/** /claim/:domain — the waiting feedback of a domain, counts only (#35). */
export default function ClaimDomainRoute() {
  const { domain: raw = '' } = useParams();
  const domain = normalizeDomain(raw);
  const claim = useDomainClaim(domain);
  if (domain === null) return <ClaimProblem message={INVALID_DOMAIN} />;
  if (claim.isPending) return <PageSpinner />;
  if (claim.isError)
    return (
      <ClaimProblem
        message={
          claim.error.message ||
          'This page could not be loaded. Please check your connection and try again.'
        }
      />
    );
  return <ClaimPage claim={claim.data} />;
}
