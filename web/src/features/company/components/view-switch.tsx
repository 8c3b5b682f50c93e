export type DashboardView = 'feedback' | 'topics';

const VIEWS: { id: DashboardView; label: string }[] = [
  { id: 'feedback', label: 'Feedback' },
  { id: 'topics', label: 'Topics' },
];

/** The dashboard's switch between single feedback and topics (#22). */
export function ViewSwitch({
  value,
  onChange,
}: {
  value: DashboardView;
  onChange: (view: DashboardView) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Show"
      className="inline-flex w-fit rounded-full border border-line bg-white p-1"
    >
      {VIEWS.map((v) => (
        <button
          key={v.id}
          type="button"
          aria-pressed={value === v.id}
          onClick={() => onChange(v.id)}
          className={`rounded-full px-4 py-1.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${value === v.id ? 'bg-brand-600 text-white' : 'text-ink hover:bg-brand-50'}`}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}
