// Relative: vite.config.ts reads this file before aliases exist.
import { paths } from '../../../shared/domain/app-paths.ts';

// The path table lives in shared/domain, where the page server reads it too.
export { paths };

export type AppPath = (typeof paths)[keyof typeof paths];

/** Address of one blog article, its slug URL-encoded. */
export function blogArticleHref(slug: string): string {
  return paths.blogArticle.replace(':slug', encodeURIComponent(slug));
}
