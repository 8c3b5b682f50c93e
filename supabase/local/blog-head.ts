import type { BackendContext } from './context.ts';

interface Article {
  title: string;
  slug: string;
  meta_title: string;
  meta_description: string;
  excerpt: string;
  featured_image_url: string;
  published_at: Date | null;
  updated_at: Date;
}

/** What the server adds to the app shell for `/blog/<slug>`. */
export interface PageHead {
  status: number;
  title?: string;
  tags: string;
}

const attr = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[
        c
      ]!,
  );

// JSON-LD sits in a <script>: `<` must not be able to close it.
const jsonLd = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Crawlers and link previews read the HTML the server sends, not what scripts
 * add later: for a published article, its title, description, social tags,
 * canonical link and JSON-LD go into the shell. Read as `anon`, so the
 * database's own policies decide what is public; unknown or draft slugs get
 * the shell with status 404.
 */
export async function blogHead(
  ctx: BackendContext,
  pathname: string,
): Promise<PageHead | undefined> {
  const m = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (!m) return undefined;
  let slug: string;
  try {
    slug = decodeURIComponent(m[1]!);
  } catch {
    return { status: 404, tags: '' };
  }
  const article = await ctx.db.transaction(
    async (tx) => {
      const exists = await tx.query<{ ok: boolean }>(
        `select to_regclass('public.blog_articles') is not null as ok`,
      );
      if (!exists.rows[0]?.ok) return undefined;
      const { rows } = await tx.query<Article>(
        `select title, slug, meta_title, meta_description, excerpt, featured_image_url, published_at, updated_at
           from public.blog_articles where slug = $1 and published limit 1`,
        [slug],
      );
      return rows[0] ?? null;
    },
    {
      role: 'anon',
      readOnly: true,
      settings: { 'request.jwt.claims': '{"role":"anon"}' },
    },
  );
  if (article === undefined) return undefined;
  if (article === null)
    return {
      status: 404,
      title: 'Article Not Found · Peega',
      tags: '<meta name="robots" content="noindex" />',
    };

  const base = ctx.config.publicUrl;
  const url = `${base}/blog/${encodeURIComponent(article.slug)}`;
  const title = article.meta_title || article.title;
  const description = article.meta_description || article.excerpt;
  const image = article.featured_image_url
    ? new URL(article.featured_image_url, base).toString()
    : '';
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description,
    ...(image ? { image } : {}),
    ...(article.published_at
      ? { datePublished: article.published_at.toISOString() }
      : {}),
    dateModified: article.updated_at.toISOString(),
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
    ...(article.published_at
      ? [
          `<meta property="article:published_time" content="${article.published_at.toISOString()}" />`,
        ]
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
