import { useId, useState } from 'react';
import {
  CITY_AUTO_DETECT_NOTE,
  cityFieldValue,
} from '@shared/domain/city-search';
import { Field, inputClass } from '@web/components/ui/field';
import { useCitySearch } from '@web/features/profile/hooks/use-city-search';

/** City with suggestions from 2 typed characters (consumer spec §2, §5). */
export function CityField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useCitySearch(open ? value : '');
  const listId = useId();
  const shown = open && suggestions.length > 0;

  const pick = (index: number) => {
    const city = suggestions[index];
    if (!city) return;
    onChange(cityFieldValue(city));
    setOpen(false);
    setActive(-1);
  };

  return (
    <Field label="City" hint={CITY_AUTO_DETECT_NOTE} required>
      {({ id, describedBy }) => (
        <div className="relative">
          <input
            id={id}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-describedby={describedBy}
            aria-activedescendant={
              shown && active >= 0 ? `${listId}-${active}` : undefined
            }
            autoComplete="off"
            maxLength={100}
            placeholder="Start typing your city"
            className={inputClass}
            value={value}
            onChange={(e) => {
              onChange(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={(e) => {
              if (!shown) return;
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                setActive((i) => Math.min(i + 1, suggestions.length - 1));
              } else if (e.key === 'ArrowUp') {
                e.preventDefault();
                setActive((i) => Math.max(i - 1, 0));
              } else if (e.key === 'Enter' && active >= 0) {
                e.preventDefault();
                pick(active);
              } else if (e.key === 'Escape') {
                setOpen(false);
              }
            }}
          />
          {shown && (
            <ul
              id={listId}
              role="listbox"
              aria-label="City suggestions"
              className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-line bg-white py-1 shadow-lg"
            >
              {suggestions.map((city, i) => (
                <li
                  key={`${city.name}|${city.country}`}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={`cursor-pointer px-3.5 py-2 text-sm ${i === active ? 'bg-brand-50' : ''}`}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(i);
                  }}
                >
                  <span className="font-medium">{city.name}</span>
                  <span className="text-ink-muted">
                    , {city.country}
                    {city.region && city.region !== city.name
                      ? ` · ${city.region}`
                      : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
}
