import { useEffect, useState } from 'react';
import { browser } from '#imports';
import { useSession } from '@ext/api/use-session';
import { usePreparedPage } from '@ext/api/use-prepared-page';
import { backendUrlItem } from '@ext/lib/storage';
import { normaliseBackendUrl } from '@ext/lib/supabase';
import { Brand, Button, Notice } from '@ext/components/ui';
import { FeedbackForm } from './components/feedback-form';
import { SignIn } from './components/sign-in';

/** The toolbar popup: sign-in, or feedback about the current page. */
export function App() {
  const prepared = usePreparedPage();
  const session = useSession();
  const [backendUrl, setBackendUrl] = useState<string | null>(null);
  useEffect(() => {
    void backendUrlItem
      .getValue()
      .then((u) => setBackendUrl(normaliseBackendUrl(u)));
  }, []);

  let body;
  if (session.status === 'loading' || backendUrl === null) {
    body = <p className="py-8 text-center text-ink-muted">Loading…</p>;
  } else if (session.status === 'unavailable') {
    body = (
      <Notice tone="error" title="Can't reach Peega">
        {`The backend at ${backendUrl} does not answer. Check your connection, or the address in the options.`}
      </Notice>
    );
  } else if (session.status === 'signed-out') {
    body = <SignIn client={session.client} backendUrl={backendUrl} />;
  } else if (!prepared) {
    body = <p className="py-8 text-center text-ink-muted">Reading the page…</p>;
  } else if (!prepared.page) {
    body = (
      <Notice title="No page">
        {prepared.captureError ?? 'Open a web page to send feedback about it.'}
      </Notice>
    );
  } else {
    body = (
      <FeedbackForm
        key={prepared.page.url}
        client={session.client}
        userId={session.session.user.id}
        prepared={{ ...prepared, page: prepared.page }}
        backendUrl={backendUrl}
      />
    );
  }

  return (
    <main
      className="flex flex-col gap-3 p-4"
      data-ready={prepared && session.status !== 'loading' ? 'true' : 'false'}
    >
      <header className="flex items-center justify-between">
        <Brand />
        <div className="flex items-center gap-1">
          {session.status === 'signed-in' && (
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              onClick={() =>
                void session.client.auth.signOut({ scope: 'local' })
              }
            >
              Sign out
            </Button>
          )}
          <Button
            variant="ghost"
            className="px-2 py-1 text-xs"
            onClick={() => void browser.runtime.openOptionsPage()}
          >
            Options
          </Button>
        </div>
      </header>
      {body}
    </main>
  );
}
