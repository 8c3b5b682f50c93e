import { useEffect } from 'react';
import { CompanyLanding } from '@web/features/landing/components/company-landing';

export default function CompaniesRoute() {
  // The route loads lazily, after the app's ScrollToTop looked for the
  // #anchor: "Upgrade" leads to /companies#pricing (#19 item 21).
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
  return <CompanyLanding />;
}
