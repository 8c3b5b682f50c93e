import { useEffect, useState } from 'react';
import { browser } from '#imports';
import type { PopupBoot, Shell } from '@ext/api/popup-boot';
import { loadClient, usePopupSession } from '@ext/api/use-popup-session';
import type { Capture } from '@ext/lib/messaging';
import { Brand, Button, Notice } from '@ext/components/ui';
import { FeedbackForm } from './components/feedback-form';
import { SignIn } from './components/sign-in';

/** Resolves a boot promise into state (undefined while pending). */
function useResolved<T>(promise: Promise<T>): T | undefined {
  const [value, setValue] = useState<{ v: T } | undefined>(undefined);
  useEffect(() => {
    let active = true;
    void promise.then((v) => active && setValue({ v }));
    return () => {
      active = false;
    };
  }, [promise]);
  return value?.v;
}

/**
 * The toolbar popup: sign-in, or feedback about the current page.
 *
 * "Ready" (`data-ready="true"` on `<main>` and the `peega:ready` performance
 * mark, used by `npm run bench -- extension`): the first screen is in the
 * DOM and interactive — the feedback form with the page's URL and host, the
 * category buttons and the text box, or the sign-in form, or the reason
 * there is no page. It never waits for the network, the content script or
 * the screenshot (which shows a placeholder until it arrives and marks
 * `peega:screenshot-ready` when its preview image has loaded; the capture
 * itself starts in popup-start.js, before this bundle is parsed).
 */
export function App({ shell, boot }: { shell: Shell; boot: PopupBoot }) {
  const session = usePopupSession(
    shell.user?.id ?? null,
    boot.capture,
    shell.sessionEnded,
  );
  const capture = useResolved<Capture>(boot.capture);

  useEffect(() => {
    performance.mark('peega:ready');
  }, []);

  let body;
  if (session.status === 'unavailable') {
    body = (
      <Notice tone="error" title="Can't reach Peega">
        {`The backend at ${shell.backendUrl} does not answer. Check your connection, or the address in the options.`}
      </Notice>
    );
  } else if (session.status === 'signed-out') {
    body = (
      <SignIn
        getClient={loadClient}
        backendUrl={shell.backendUrl}
        ended={session.ended ?? false}
      />
    );
  } else if (!shell.page) {
    body = (
      <Notice title="No page">
        {capture?.captureError ?? 'Open a web page to send feedback about it.'}
      </Notice>
    );
  } else {
    body = (
      <FeedbackForm
        key={`${session.userId}|${shell.page.url}`}
        client={session.client}
        userId={session.userId}
        shell={{ ...shell, page: shell.page }}
        boot={boot}
        onSessionEnded={session.endSession}
      />
    );
  }

  return (
    <main className="flex flex-col gap-3 p-4" data-ready="true">
      <header className="flex items-center justify-between">
        <Brand />
        <div className="flex items-center gap-1">
          {session.status === 'signed-in' && (
            <Button
              variant="ghost"
              className="px-2 py-1 text-xs"
              onClick={session.signOut}
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
