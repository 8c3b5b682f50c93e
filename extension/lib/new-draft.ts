import { guessCompanyName } from '@shared/domain/company-guess';
import { browserName } from './browser-name';
import type { PageInfo } from './messaging';
import type { Draft, TechContext } from './storage';

/** The technical context a bug report may carry, as the page reports it. */
export function techContext(page: PageInfo, pageTitle: string): TechContext {
  return {
    browser: browserName(navigator.userAgent),
    viewport: page.viewport,
    pageTitle,
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
    includeContext: false,
    context: techContext(page, page.title),
    redactions: [],
    updatedAt: Date.now(),
  };
}
