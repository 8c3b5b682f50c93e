import { useState } from 'react';
import { captureWindow } from '@ext/lib/capture';
import {
  CAPTURE_LABELS,
  captureJobItem,
  type CaptureJob,
  type CaptureKind,
} from '@ext/lib/capture-job';
import { sendMessage, type TargetTab } from '@ext/lib/messaging';
import {
  MAX_SCREENSHOT_BYTES,
  dataUrlBytes,
  shrinkJpeg,
} from '@ext/lib/screenshot';
import { Button, Notice } from '@ext/components/ui';
import { useSubmitFlow } from '@ext/stores/submit-flow';

const KINDS: CaptureKind[] = ['visible', 'page', 'element'];

/** The visible area again, taken here (the popup holds the activeTab grant). */
async function retakeVisible(tab: TargetTab): Promise<string | null> {
  const { screenshot, captureError } = await captureWindow(
    tab.windowId,
    tab.url ?? '',
    tab.active ?? true,
  );
  if (!screenshot) throw new Error(captureError ?? '');
  return dataUrlBytes(screenshot) > MAX_SCREENSHOT_BYTES
    ? shrinkJpeg(screenshot)
    : screenshot;
}

/**
 * Visible area · Whole page · Pick an element, with the progress of a
 * capture under way and its Cancel. Picking needs the page: the popup
 * closes (the browser would close it anyway when the page is clicked) and
 * opens again with the element once it is chosen.
 */
export function CaptureChoice({
  tab,
  job,
  kind,
}: {
  tab: TargetTab | null;
  job: CaptureJob | null;
  kind: CaptureKind | null;
}) {
  const [retaking, setRetaking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = job?.status === 'picking' || job?.status === 'working';

  async function choose(next: CaptureKind) {
    if (!tab?.url) return;
    setError(null);
    if (job?.status === 'failed') await captureJobItem.setValue(null);
    if (next === 'visible') {
      setRetaking(true);
      try {
        const screenshot = await retakeVisible(tab);
        if (screenshot) {
          await useSubmitFlow
            .getState()
            .captureTaken({ screenshot, kind: 'visible', note: null });
        }
      } catch (e) {
        setError((e as Error).message || 'The page could not be captured.');
      } finally {
        setRetaking(false);
      }
      return;
    }
    const started = await sendMessage('startCapture', {
      ...tab,
      url: tab.url,
      mode: next,
    });
    if (started.ok && next === 'element') window.close();
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="group"
        aria-label="What to capture"
        className="grid grid-cols-3 gap-1 rounded-lg border border-line bg-white p-1"
      >
        {KINDS.map((k) => (
          <Button
            key={k}
            variant="ghost"
            aria-pressed={k === kind}
            disabled={!tab?.url || busy || retaking}
            onClick={() => void choose(k)}
            className={`px-1 py-1 text-xs whitespace-nowrap ${k === kind ? 'bg-brand-100 text-brand-700' : 'text-ink-muted'}`}
          >
            {CAPTURE_LABELS[k]}
          </Button>
        ))}
      </div>
      {busy && job && <CaptureProgress job={job} />}
      {(error ?? (job?.status === 'failed' ? job.error : null)) && (
        <Notice tone="error">{error ?? job?.error}</Notice>
      )}
    </div>
  );
}

function CaptureProgress({ job }: { job: CaptureJob }) {
  const { progress } = job;
  const counted = progress && progress.total > 0;
  const label =
    job.status === 'picking'
      ? 'Pick an element on the page: click it, or press Esc to cancel.'
      : counted
        ? `${progress.label}… ${Math.min(progress.done + 1, progress.total)} of ${progress.total}`
        : (progress?.label ?? 'Capturing…');
  return (
    <div
      data-testid="capture-progress"
      className="flex items-center gap-2 rounded-lg border border-line bg-white px-3 py-2"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span role="status" className="text-xs text-ink-muted">
          {label}
        </span>
        <progress
          className="h-1.5 w-full accent-brand-600"
          aria-label="Capture progress"
          {...(counted ? { value: progress.done, max: progress.total } : {})}
        />
      </div>
      <Button
        variant="outline"
        className="shrink-0 px-2 py-1 text-xs"
        onClick={() => void sendMessage('cancelCapture', { tabId: job.tabId })}
      >
        Cancel
      </Button>
    </div>
  );
}
