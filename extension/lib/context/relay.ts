import {
  CONTEXT_LIMITS,
  consoleEntry,
  failedRequest,
  keepLast,
} from '@shared/domain/technical-context';
import { parseRecord } from './records';
import type { LogEntries } from './tab-log';

/**
 * Collects the hook's records in the extension's isolated world, masks
 * them (nothing unmasked reaches extension storage) and hands them on in
 * batches, so a page that logs in a loop costs one message a second.
 */
export function createRelay(
  send: (entries: LogEntries) => void,
  delayMs = 500,
): (detail: unknown) => void {
  let pending: LogEntries = { consoleErrors: [], failedRequests: [] };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const batch = pending;
    pending = { consoleErrors: [], failedRequests: [] };
    send(batch);
  };
  return (detail) => {
    const record = parseRecord(detail);
    if (!record) return;
    if (record.t === 'console') {
      pending.consoleErrors = keepLast(
        pending.consoleErrors,
        [consoleEntry(record.kind, record.message, record.time)],
        CONTEXT_LIMITS.entries,
      );
    } else {
      pending.failedRequests = keepLast(
        pending.failedRequests,
        [failedRequest(record.method, record.status, record.url, record.time)],
        CONTEXT_LIMITS.entries,
      );
    }
    timer ??= setTimeout(flush, delayMs);
  };
}
