import { LegalLink } from '@web/components/ui/legal-link';
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
          // Enter on the box sends the form as from any field.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          className="mt-0.5 size-4 accent-brand-600"
        />
        <span>
          I agree to the{' '}
          <LegalLink to={paths.companyTerms}>Terms and Conditions</LegalLink>{' '}
          and the{' '}
          <LegalLink to={paths.companyPrivacy}>Privacy Policy</LegalLink>
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
