interface ToggleBadgeProps {
  label: string;
  selected: boolean;
  onToggle: () => void;
}

/** A badge that selects or deselects a category or tag. */
export function ToggleBadge({ label, selected, onToggle }: ToggleBadgeProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onToggle}
      className={`rounded-full px-3 py-1 text-xs font-semibold ring-1 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
        selected
          ? 'bg-brand-600 text-white ring-brand-600'
          : 'bg-white text-ink-muted ring-line hover:bg-brand-50'
      }`}
    >
      {label}
    </button>
  );
}
