import { claimPath } from '@shared/domain/app-paths';
import { inviteText, waitingNotice } from '@shared/domain/claims';
import { toast } from '@web/lib/toast';

/** The claim page's full address, to send to the site's owner. */
const claimUrl = (host: string) =>
  `${window.location.origin}${claimPath(host)}`;

/** Shares the claim link (the system sheet on phones), else copies it. */
async function invite(host: string) {
  const url = claimUrl(host);
  const data = {
    title: `Feedback waiting for ${host}`,
    text: inviteText(host),
    url,
  };
  if (typeof navigator.share === 'function' && navigator.canShare?.(data)) {
    try {
      await navigator.share(data);
      return;
    } catch (e) {
      // Closing the sheet is not an error; anything else falls back to copy.
      if ((e as Error).name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Link copied', {
      description: `Send it to the people behind ${host}.`,
    });
  } catch {
    toast.error('Could not copy', { description: url });
  }
}

/**
 * "Not on Peega yet" (#35): the site of this feedback has no verified owner,
 * so the report waits; the author can invite the site with its claim link.
 */
export function WaitingSite({
  host,
  reports,
}: {
  host: string;
  reports: number;
}) {
  return (
    <div
      data-testid="waiting-site"
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-accent-200 bg-accent-50 px-3 py-2 text-sm text-accent-700"
    >
      {/* A 12rem basis: on a phone the button goes under the text instead
          of squeezing it to a word per line. */}
      <p className="min-w-0 flex-[1_1_12rem]">
        <span aria-hidden="true">⏳ </span>
        {waitingNotice(host, reports)}
      </p>
      <button
        type="button"
        onClick={() => void invite(host)}
        className="shrink-0 rounded-full bg-white px-3 py-1 font-medium text-accent-700 shadow-sm hover:bg-accent-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Invite the site
      </button>
    </div>
  );
}
