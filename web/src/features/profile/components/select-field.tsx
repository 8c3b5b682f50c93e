import type { ProfileOption } from '@shared/domain/profile-options';
import { Field, inputClass } from '@web/components/ui/field';

/** A labelled native select with a 'Select…' placeholder. */
export function SelectField({
  label,
  options,
  value,
  onChange,
  required,
}: {
  label: string;
  options: readonly (string | ProfileOption)[];
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
}) {
  return (
    <Field label={label} required={required}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          className={inputClass}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Select…</option>
          {options.map((o) => {
            const option = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}
