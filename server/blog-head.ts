import type { BlogArticleBoot } from '../shared/data/blog-boot.ts';

/** What the server adds to the app shell for `/blog/<slug>`. */
export interface PageHead {
  status: number;
  title?: string;
  tags: string;
}

export const attr = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        c
      ]!,
  );

// JSON-LD sits in a <script>: `<` must not be able to close it.
export const jsonLd = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Crawlers and link previews read the HTML the server sends, not what scripts
 * add later: for a published article, its title, description, social tags,
 * canonical link and JSON-LD go into the shell, from the page's data (read as
 * `anon`, blog-boot.ts). A slug with no published article gets the shell with
 * status 404.
 */
export function articleHead(base: string, boot: BlogArticleBoot): PageHead {
  const { article } = boot;
  if (!article)
    return {
      status: 404,
      title: 'Article Not Found · Peega',
      tags: '<meta name="robots" content="noindex" />',
    };

  const url = `${base}/blog/${encodeURIComponent(article.slug)}`;
  const title = article.metaTitle || article.title;
  const description = article.metaDescription || article.excerpt;
  const image = article.featuredImageUrl
    ? new URL(article.featuredImageUrl, base).toString()
    : '';
  const published = article.publishedAt
    ? new Date(article.publishedAt).toISOString()
    : undefined;
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description,
    ...(image ? { image } : {}),
    ...(published ? { datePublished: published } : {}),
    dateModified: new Date(article.updatedAt).toISOString(),
    author: { '@type': 'Organization', name: 'Peega Team' },
    publisher: { '@type': 'Organization', name: 'Peega' },
    mainEntityOfPage: url,
  };
  const tags = [
    `<meta name="description" content="${attr(description)}" />`,
    `<link rel="canonical" href="${attr(url)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="Peega" />`,
    `<meta property="og:title" content="${attr(title)}" />`,
    `<meta property="og:description" content="${attr(description)}" />`,
    `<meta property="og:url" content="${attr(url)}" />`,
    ...(image ? [`<meta property="og:image" content="${attr(image)}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${attr(title)}" />`,
    `<meta name="twitter:description" content="${attr(description)}" />`,
    ...(image
      ? [`<meta name="twitter:image" content="${attr(image)}" />`]
      : []),
    ...(published
      ? [`<meta property="article:published_time" content="${published}" />`]
      : []),
    `<script type="application/ld+json">${jsonLd(structured)}</script>`,
  ].join('\n    ');
  return { status: 200, title: `${title} · Peega`, tags };
}

/** Puts a page head into the built index.html (its own description gives way). */
export function injectHead(html: string, head: PageHead): string {
  let out = html;
  if (head.title)
    out = out.replace(
      /<title>[\s\S]*?<\/title>/,
      // Function replacements: `$&` in a title must stay text.
      () => `<title>${attr(head.title!)}</title>`,
    );
  if (head.tags.includes('name="description"')) {
    out = out.replace(/<meta\s+name="description"[\s\S]*?\/>/, '');
  }
  // The markers let the article page drop these tags once it renders its
  // own, so a client-side move to another article leaves no stale ones.
  return out.replace(
    '</head>',
    () =>
      `    <!--blog-head-->\n    ${head.tags}\n    <!--/blog-head-->\n  </head>`,
  );
}
