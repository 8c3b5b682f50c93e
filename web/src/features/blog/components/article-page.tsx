import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BlogArticleDetail } from '@shared/data/blog';
import { Badge } from '@web/components/ui/badge';
import { buttonClass } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { paths } from '@web/config/paths';
import { sanitizeArticleHtml } from '@web/lib/sanitize-html';
import { ArticleHead } from './article-head';
import { BLOG_AUTHOR } from './article-meta';
import { CategoryBadges } from './category-badges';
import { PublishedDate } from './published-date';

function BackToBlog() {
  return (
    <Link
      to={paths.blog}
      className="inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span aria-hidden="true">←</span> Back to Blog
    </Link>
  );
}

export function ArticleSkeleton() {
  return (
    <div role="status" aria-label="Loading article" className="space-y-5">
      <Skeleton className="h-5 w-28" />
      <Skeleton className="aspect-[16/9] w-full" />
      <Skeleton className="h-10 w-3/4" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

export function ArticleNotFound() {
  return (
    <div className="py-16 text-center">
      <title>Article Not Found · Peega</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight">Article Not Found</h1>
      <p className="mt-3 text-ink-muted">
        The article you&apos;re looking for doesn&apos;t exist or has been
        removed.
      </p>
      <Link to={paths.blog} className={buttonClass('primary', 'md', 'mt-8')}>
        Back to Blog
      </Link>
    </div>
  );
}

interface ArticlePageProps {
  article: BlogArticleDetail;
  /** The like and share buttons. */
  actions: ReactNode;
  /** The 'Related Articles' section. */
  related: ReactNode;
}

/**
 * The public article page's body (company spec §2 "Article page"), from
 * whichever source has the data: the page the server sent or a live read.
 */
export function ArticlePage({ article, actions, related }: ArticlePageProps) {
  const html = useMemo(
    () => sanitizeArticleHtml(article.content),
    [article.content],
  );
  return (
    <article>
      <ArticleHead article={article} />
      <BackToBlog />
      {article.featuredImageUrl && (
        <img
          src={article.featuredImageUrl}
          alt=""
          className="mt-6 aspect-[16/9] w-full rounded-2xl border border-line object-cover"
        />
      )}
      <div className="mt-6">
        <CategoryBadges categories={article.categories} />
      </div>
      <h1 className="mt-3 text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl">
        {article.title}
      </h1>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4 border-b border-line pb-6">
        <p className="text-sm text-ink-muted">
          By <span className="font-medium text-ink">{BLOG_AUTHOR}</span>
          <PublishedDate at={article.publishedAt} />
        </p>
        <div className="flex items-center gap-2">{actions}</div>
      </div>
      <div
        data-testid="article-content"
        className="article-content mt-8"
        // Sanitised with DOMPurify just above (and refused unsafe on save).
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {article.tags.length > 0 && (
        <div className="mt-10 flex flex-wrap items-center gap-2 border-t border-line pt-6">
          <span className="text-sm font-semibold">Tags:</span>
          {article.tags.map((t) => (
            <Badge
              key={t.id}
              className="bg-surface text-ink-muted ring-1 ring-line"
            >
              #{t.name}
            </Badge>
          ))}
        </div>
      )}
      {related}
    </article>
  );
}
