import type { ReactNode } from 'react';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { LogoMark } from '@web/components/ui/logo';

interface ErrorScreenProps {
  title: string;
  message: string;
  /** Extra guidance under the message. */
  hint?: ReactNode;
}

/** A full-page error with a readable message and a reload button. */
export function ErrorScreen({ title, message, hint }: ErrorScreenProps) {
  return (
    <main
      role="alert"
      className="grid min-h-dvh place-items-center bg-surface px-6 py-16"
    >
      <title>{`${title} · ${CONSUMER_BRAND}`}</title>
      <div className="w-full max-w-md rounded-3xl border border-line bg-white p-8 text-center shadow-sm">
        <LogoMark className="mx-auto size-12" />
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-ink">
          {title}
        </h1>
        <p className="mt-3 text-ink-muted">{message}</p>
        {hint ? <p className="mt-2 text-sm text-ink-muted">{hint}</p> : null}
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-8 inline-flex items-center justify-center rounded-full bg-brand-600 px-6 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Reload
        </button>
      </div>
    </main>
  );
}
