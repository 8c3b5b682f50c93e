import type { ProfileOption } from '@shared/domain/profile-options';

/** A multi-choice as toggle chips (aria-pressed), in a labelled group. */
export function ChoiceChips({
  label,
  options,
  value,
  onChange,
  required,
}: {
  label: string;
  options: readonly (string | ProfileOption)[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  required?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-600">
            {' '}
            *
          </span>
        )}
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => {
          const option = typeof o === 'string' ? { value: o, label: o } : o;
          const on = value.includes(option.value);
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={on}
              onClick={() =>
                onChange(
                  on
                    ? value.filter((v) => v !== option.value)
                    : [...value, option.value],
                )
              }
              className={`rounded-full border px-3 py-1.5 text-sm font-medium transition ${
                on
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-line bg-white text-ink hover:bg-brand-50'
              }`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
