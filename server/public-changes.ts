import {
  getPublicChanges,
  type PublicChanges,
} from '../shared/data/public-changes.ts';
import {
  publicChangesPath,
  publicChangesSlug,
  publicChangesTitle,
  reportersLabel,
} from '../shared/domain/public-page.ts';
import { anonClientOf } from './anon-client.ts';
import { attr, jsonLd, type PageHead } from './blog-head.ts';

/**
 * A company's "You said, we did" page (#22), `/changes/<slug>`: read as
 * anon (get_public_changes answers only published fields of opted-in
 * companies). Undefined for other paths; null when no company has the page
 * (404); the page's data otherwise. A failed read also answers undefined:
 * the app then loads it live.
 */
export function publicChangesReader(
  supabaseUrl: () => string,
  anonKey: string,
) {
  const anon = anonClientOf(supabaseUrl, anonKey);
  return async (
    pathname: string,
  ): Promise<PublicChanges | null | undefined> => {
    const slug = publicChangesSlug(pathname);
    if (slug === null) return undefined;
    try {
      return await getPublicChanges(anon(), slug);
    } catch (e) {
      console.error(`[peega] public changes for ${pathname} failed:`, e);
      return undefined;
    }
  };
}

/** Head tags of the page: title, description, canonical and social tags. */
export function publicChangesHead(
  base: string,
  page: PublicChanges | null,
): PageHead {
  if (!page)
    return {
      status: 404,
      title: 'Page not found · Peega',
      tags: '<meta name="robots" content="noindex" />',
    };
  const url = `${base}${publicChangesPath(page.slug)}`;
  const title = publicChangesTitle(page.company_name);
  const latest = page.topics
    .slice(0, 3)
    .map((t) => t.public_title)
    .join(' · ');
  const description = page.topics.length
    ? `What ${page.company_name} completed from its users’ feedback: ${latest}.`
    : `What ${page.company_name} completes from its users’ feedback on Peega.`;
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: title,
    url,
    itemListElement: page.topics.map((t, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: t.public_title,
      description: [t.public_note, reportersLabel(t.reporters)]
        .filter(Boolean)
        .join(' — '),
    })),
  };
  const tags = [
    `<meta name="description" content="${attr(description)}" />`,
    `<link rel="canonical" href="${attr(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Peega" />`,
    `<meta property="og:title" content="${attr(title)}" />`,
    `<meta property="og:description" content="${attr(description)}" />`,
    `<meta property="og:url" content="${attr(url)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${attr(title)}" />`,
    `<meta name="twitter:description" content="${attr(description)}" />`,
    `<script type="application/ld+json">${jsonLd(structured)}</script>`,
  ].join('\n    ');
  return { status: 200, title: `${title} · Peega`, tags };
}
