import { Link } from 'react-router-dom';
import { paths } from '@web/config/paths';

/** The company terms box both company forms need: no company without it. */
export function CompanyTermsField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}) {
  return (
    <div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="acceptTerms"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5 size-4 accent-brand-600"
        />
        <span>
          I agree to the{' '}
          <Link
            to={paths.companyTerms}
            className="font-medium text-brand-700 underline"
          >
            Terms and Conditions
          </Link>{' '}
          and the{' '}
          <Link
            to={paths.companyPrivacy}
            className="font-medium text-brand-700 underline"
          >
            Privacy Policy
          </Link>
        </span>
      </label>
      {error && (
        <p role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
