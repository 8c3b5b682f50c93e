/** A section of the page the navigation links to. */
export interface PageSection {
  id: string;
  label: string;
}

/**
 * The landing page's own sections as anchor links under the top bar
 * (#19 item 13): one row, scrolling sideways on a phone.
 */
export function SectionNav({ sections }: { sections: readonly PageSection[] }) {
  return (
    <nav aria-label="On this page" className="border-t border-line/70">
      <ul className="mx-auto flex w-full max-w-6xl gap-1 overflow-x-auto px-2 py-1.5 sm:px-4">
        {sections.map((s) => (
          <li key={s.id} className="shrink-0">
            <a
              href={`#${s.id}`}
              className="block rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap text-ink-muted hover:bg-brand-50 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
