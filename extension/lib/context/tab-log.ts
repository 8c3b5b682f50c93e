import { storage } from '#imports';
import {
  keepLast,
  type ConsoleEntry,
  type FailedRequest,
} from '@shared/domain/technical-context';

/**
 * What was recorded in one tab of a site the user opted in for: the last
 * 50 of each list, already masked. Kept in session storage (memory only,
 * gone when the browser closes), per tab, and only while that tab stays on
 * the same site.
 */
export interface TabLog {
  /** The site pattern the entries come from (`https://shop.test/*`). */
  site: string;
  consoleErrors: ConsoleEntry[];
  failedRequests: FailedRequest[];
}

export interface LogEntries {
  consoleErrors: ConsoleEntry[];
  failedRequests: FailedRequest[];
}

export const tabLogItem = (tabId: number) =>
  storage.defineItem<TabLog | null>(`session:contextLog:${tabId}`, {
    fallback: null,
  });

/** The log with new entries: a tab that moved to another site starts again. */
export function appendToLog(
  log: TabLog | null,
  site: string,
  entries: LogEntries,
): TabLog {
  const base =
    log && log.site === site
      ? log
      : { site, consoleErrors: [], failedRequests: [] };
  return {
    site,
    consoleErrors: keepLast(base.consoleErrors, entries.consoleErrors),
    failedRequests: keepLast(base.failedRequests, entries.failedRequests),
  };
}
