import { useEffect, useState, type FormEvent } from 'react';
import { useSession } from '@ext/api/use-session';
import { backendUrlItem, DEFAULT_BACKEND_URL } from '@ext/lib/storage';
import {
  getBackendConfig,
  normaliseBackendUrl,
  resetClient,
} from '@ext/lib/supabase';
import { Brand, Button, Input, Notice } from '@ext/components/ui';
import { SHORTCUT_SETTINGS, useOpenShortcut } from '@ext/lib/shortcut';
import { AllowedSites } from './allowed-sites';

/** Options page: the backend address, the sites allowed to record, sign-out. */
export function Options() {
  const session = useSession();
  const shortcut = useOpenShortcut();
  const [url, setUrl] = useState('');
  const [message, setMessage] = useState<{
    tone: 'info' | 'error';
    text: string;
  } | null>(null);
  useEffect(() => {
    // An address typed before the stored one arrives is kept.
    void backendUrlItem
      .getValue()
      .then((stored) => setUrl((typed) => typed || stored));
  }, []);

  async function onSave(e: FormEvent) {
    e.preventDefault();
    const next = normaliseBackendUrl(url || DEFAULT_BACKEND_URL);
    try {
      const parsed = new URL(next);
      if (!/^https?:$/.test(parsed.protocol)) throw new Error();
    } catch {
      setMessage({
        tone: 'error',
        text: 'Please enter a valid address, like https://peega.app.',
      });
      return;
    }
    await backendUrlItem.setValue(next);
    resetClient();
    setUrl(next);
    try {
      await getBackendConfig();
      setMessage({ tone: 'info', text: `Saved. Peega answers at ${next}.` });
    } catch {
      setMessage({
        tone: 'error',
        text: `Saved, but ${next} does not answer like a Peega backend yet.`,
      });
    }
  }

  return (
    <main className="mx-auto flex max-w-md flex-col gap-5 p-6">
      <Brand />
      <form onSubmit={onSave} noValidate className="flex flex-col gap-3">
        <Input
          label="Backend address"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={DEFAULT_BACKEND_URL}
        />
        <Button type="submit">Save</Button>
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
      </form>
      <AllowedSites />
      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">Keyboard shortcut</h2>
        <p data-testid="open-shortcut" className="text-ink-muted">
          {shortcut === undefined
            ? ' '
            : shortcut
              ? `${shortcut} opens Peega on the current page, with the screenshot taken.`
              : 'No shortcut opens Peega.'}{' '}
          Change it in {SHORTCUT_SETTINGS}.
        </p>
      </section>
      <section className="flex flex-col gap-2">
        <h2 className="text-sm font-semibold">Account</h2>
        {session.status === 'signed-in' ? (
          <div className="flex items-center justify-between gap-2">
            <span className="truncate text-ink-muted">
              Signed in as {session.session.user.email}
            </span>
            <Button
              variant="outline"
              onClick={() =>
                void session.client.auth.signOut({ scope: 'local' })
              }
            >
              Sign out
            </Button>
          </div>
        ) : (
          <p className="text-ink-muted">
            Not signed in. Sign in from the toolbar popup.
          </p>
        )}
      </section>
    </main>
  );
}
