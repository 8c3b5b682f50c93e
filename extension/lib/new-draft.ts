import { guessCompanyName } from '@shared/domain/company-guess';
import type {
  Environment,
  TechnicalContext,
} from '@shared/domain/technical-context';
import { browserName, osName } from './browser-name';
import type { LogEntries } from './context/tab-log';
import type { PageInfo } from './messaging';
import type { Draft } from './storage';

/** The browser, OS and the page's viewport, pixel ratio and language. */
export function environmentOf(
  page: PageInfo,
  nav: { userAgent: string; language?: string; platform?: string },
): Environment {
  const env: Environment = {
    browser: browserName(nav.userAgent),
    os: osName(nav.userAgent, nav.platform),
  };
  if (/^\d{1,5}×\d{1,5}$/.test(page.viewport)) env.viewport = page.viewport;
  const ratio = page.devicePixelRatio;
  if (ratio !== undefined && ratio >= 0.1 && ratio <= 10) {
    env.devicePixelRatio = ratio;
  }
  const language = page.language ?? nav.language;
  if (language && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/.test(language)) {
    env.language = language;
  }
  return env;
}

/** This browser's own description, for {@link environmentOf}. */
export function thisBrowser(): {
  userAgent: string;
  language: string;
  platform?: string;
} {
  const data = (
    navigator as Navigator & { userAgentData?: { platform?: string } }
  ).userAgentData;
  return {
    userAgent: navigator.userAgent,
    language: navigator.language,
    platform: data?.platform,
  };
}

/** The context a draft shows: the environment and what the tab recorded. */
export function technicalContextOf(
  page: PageInfo,
  log: LogEntries | null,
): TechnicalContext {
  return {
    environment: environmentOf(page, thisBrowser()),
    consoleErrors: log?.consoleErrors ?? [],
    failedRequests: log?.failedRequests ?? [],
  };
}

/** An empty draft about a page, its company guessed from the page. */
export function newDraft(page: PageInfo): Draft {
  return {
    url: page.url,
    host: page.host,
    pageTitle: page.title,
    companyName: guessCompanyName(page),
    category: null,
    title: '',
    text: '',
    includeScreenshot: true,
    context: technicalContextOf(page, null),
    excludedLines: [],
    redactions: [],
    updatedAt: Date.now(),
  };
}
