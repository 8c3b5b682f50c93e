import { Button } from '@web/components/ui/button';

/** How the clipboard fallback went (the page shows the toast). */
export type ShareOutcome = 'copied' | 'copy-failed';

interface ShareButtonProps {
  title: string;
  text: string;
  onCopy: (outcome: ShareOutcome) => void;
}

/**
 * Share: the device's share sheet when there is one, else the page address
 * is copied to the clipboard.
 */
export function ShareButton({ title, text, onCopy }: ShareButtonProps) {
  const onClick = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        // The user closed the sheet: nothing to do.
        if (error instanceof DOMException && error.name === 'AbortError') {
          return;
        }
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      onCopy('copied');
    } catch {
      onCopy('copy-failed');
    }
  };
  return (
    <Button variant="secondary" onClick={() => void onClick()}>
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        className="size-4"
      >
        <path d="M13 4.5a2.5 2.5 0 1 1 .7 1.74L7.9 9.2a2.5 2.5 0 0 1 0 1.6l5.8 2.96a2.5 2.5 0 1 1-.68 1.34L7.2 12.14a2.5 2.5 0 1 1 0-4.28l5.82-2.96A2.5 2.5 0 0 1 13 4.5Z" />
      </svg>
      Share
    </Button>
  );
}
