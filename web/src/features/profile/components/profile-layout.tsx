import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '@web/config/paths';

const LINKS = [
  { to: paths.profileAccount, label: 'Account Details' },
  { to: paths.profileSettings, label: 'Profile' },
];

/** Profile pages: back to /app, a sidebar with both pages, the content.
 * The route puts it inside the consumer AppShell (features never import each other). */
export function ProfileLayout({
  title,
  children,
}: {
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <Link
        to={paths.dashboard}
        className="inline-flex items-center gap-1 text-sm font-medium text-ink-muted hover:text-ink"
      >
        ← Back
      </Link>
      <div className="mt-4 flex flex-col gap-6 md:flex-row md:items-start">
        <nav
          aria-label="Profile"
          className="flex gap-2 md:w-52 md:shrink-0 md:flex-col"
        >
          {LINKS.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end
              className={({ isActive }) =>
                `rounded-xl px-3.5 py-2 text-sm font-medium ${
                  isActive
                    ? 'bg-brand-600 text-white'
                    : 'bg-white text-ink-muted ring-1 ring-line hover:text-ink'
                }`
              }
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex min-w-0 flex-1 flex-col gap-6">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {title}
          </h1>
          {children}
        </div>
      </div>
    </>
  );
}
