import { useEffect } from 'react';
import type { BlogArticleDetail } from '@shared/data/blog';
import { CONSUMER_BRAND } from '@shared/domain/brand';
import { BLOG_AUTHOR } from './article-meta';

/**
 * Removes the head tags the server put into the HTML for the first article
 * (between `<!--blog-head-->` markers, server/blog-head.ts): the
 * page renders its own, which follow client-side navigation.
 */
function removeServerHead() {
  let inside = false;
  for (const node of [...document.head.childNodes]) {
    const marker =
      node.nodeType === Node.COMMENT_NODE ? node.nodeValue : undefined;
    if (marker === 'blog-head') inside = true;
    if (inside) node.remove();
    if (marker === '/blog-head') inside = false;
  }
}

// JSON-LD sits in a <script>: `<` must not be able to close it.
const jsonLd = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * An article's title, description, social tags, canonical link and
 * structured data (React hoists them into <head>).
 */
export function ArticleHead({ article }: { article: BlogArticleDetail }) {
  useEffect(removeServerHead, []);
  const title = article.metaTitle || article.title;
  const description = article.metaDescription || article.excerpt;
  const url = `${window.location.origin}${window.location.pathname}`;
  const image = article.featuredImageUrl
    ? new URL(article.featuredImageUrl, window.location.origin).toString()
    : '';
  useEffect(() => {
    document.title = `${title} · ${CONSUMER_BRAND}`;
  }, [title]);
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description,
    ...(image ? { image } : {}),
    ...(article.publishedAt ? { datePublished: article.publishedAt } : {}),
    author: { '@type': 'Organization', name: BLOG_AUTHOR },
    publisher: { '@type': 'Organization', name: CONSUMER_BRAND },
    mainEntityOfPage: url,
  };
  return (
    <>
      <title>{`${title} · ${CONSUMER_BRAND}`}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="article" />
      <meta property="og:site_name" content={CONSUMER_BRAND} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {image && <meta property="og:image" content={image} />}
      <meta
        name="twitter:card"
        content={image ? 'summary_large_image' : 'summary'}
      />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image} />}
      <script
        type="application/ld+json"
        // Serialised data, not markup; `<` is escaped above.
        dangerouslySetInnerHTML={{ __html: jsonLd(structured) }}
      />
    </>
  );
}
