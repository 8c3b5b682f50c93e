import { Link } from 'react-router-dom';
import { COMPANY_BRAND } from '@shared/domain/brand';
import {
  FooterFrame,
  footerLinkClass as linkClass,
} from '@web/components/layouts/footer-frame';
import { paths } from '@web/config/paths';

/** Footer of the company landing page (company spec §2 footer links). */
export function CompanyFooter() {
  return (
    <FooterFrame
      brand={COMPANY_BRAND}
      homeHref={paths.companyLanding}
      description="Anonymous, categorised feedback about your own website, with a workflow your whole team can use."
      product={
        <>
          <Link to={paths.consumerLanding} className={linkClass}>
            For users
          </Link>
          <Link to={paths.companyLanding} className={linkClass}>
            For companies
          </Link>
          <Link to={paths.auth} className={linkClass}>
            Log in
          </Link>
        </>
      }
      legal={
        <>
          <Link to={paths.companyPrivacyPolicy} className={linkClass}>
            Privacy Policy
          </Link>
          <Link to={paths.companyTermsConditions} className={linkClass}>
            Terms and Conditions
          </Link>
        </>
      }
    />
  );
}
