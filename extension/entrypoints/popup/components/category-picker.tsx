import {
  CATEGORY_FORM_BUTTONS,
  toggleCategory,
} from '@shared/domain/categories';
import { useSubmitFlow } from '@ext/stores/submit-flow';

/** The four category buttons; pressing the selected one again clears it. */
export function CategoryPicker() {
  const category = useSubmitFlow((s) => s.draft?.category ?? null);
  const update = useSubmitFlow((s) => s.update);
  return (
    <div
      role="group"
      aria-label="Category"
      className="grid grid-cols-4 gap-1.5"
    >
      {CATEGORY_FORM_BUTTONS.map((c) => {
        const selected = category === c.key;
        return (
          <button
            key={c.key}
            type="button"
            aria-pressed={selected}
            onClick={() =>
              update({ category: toggleCategory(category, c.key) })
            }
            className={`flex flex-col items-center gap-0.5 rounded-lg border px-1 py-1.5 text-[11px] leading-tight font-medium transition-colors ${
              selected
                ? 'border-brand-600 bg-brand-50 text-brand-700'
                : 'border-line bg-white text-ink hover:bg-brand-50'
            }`}
          >
            <span aria-hidden>{c.emoji}</span>
            {c.formLabel}
          </button>
        );
      })}
    </div>
  );
}
