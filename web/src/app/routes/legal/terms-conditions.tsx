import { PageFrame } from '@web/components/layouts/page-frame';

export default function TermsConditionsRoute() {
  return <PageFrame title="Terms and Conditions" />;
}
