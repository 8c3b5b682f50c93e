import { useEffect, useMemo } from 'react';
import { toast } from '@web/lib/toast';
import { Navigate } from 'react-router-dom';
import { useArticle } from '@web/api/blog/get-article';
import { useSlugRedirect } from '@web/api/blog/get-slug-redirect';
import { blogArticleHref } from '@web/config/paths';
import { ArticleNotFound, ArticlePage, ArticleSkeleton } from './article-page';
import { LikeButton } from './like-button';
import { RelatedArticles } from './related-articles';
import { ShareButton, type ShareOutcome } from './share-button';

/** What the visitor did on the page the server sent, to finish live. */
export type PendingAction = 'like' | ShareOutcome;

export function shareToast(outcome: ShareOutcome) {
  if (outcome === 'copied') toast.success('Link copied to clipboard');
  else toast.error('Could not copy the link.');
}

/** The article page read live (after a move inside the app, or signed in). */
export function ArticleView({
  slug,
  pending,
}: {
  slug: string;
  pending?: PendingAction;
}) {
  const query = useArticle(slug);
  useEffect(() => {
    // A failed fetch is only logged and ends in Article Not Found (§8).
    if (query.error) console.error(query.error);
  }, [query.error]);
  useEffect(() => {
    // After the Toaster below the page has subscribed.
    if (pending === 'copied' || pending === 'copy-failed') {
      const t = setTimeout(() => shareToast(pending));
      return () => clearTimeout(t);
    }
  }, [pending]);
  const article = query.data;
  const categoryIds = useMemo(
    () => article?.categories.map((c) => c.id) ?? [],
    [article],
  );

  // An old slug follows its article to the current one (#19 item 25).
  const moved = useSlugRedirect(slug, query.isSuccess && !article);

  if (query.isPending) return <ArticleSkeleton />;
  if (!article) {
    if (moved.data) {
      return <Navigate to={blogArticleHref(moved.data)} replace />;
    }
    return moved.isFetching ? <ArticleSkeleton /> : <ArticleNotFound />;
  }
  return (
    <ArticlePage
      article={article}
      actions={
        <>
          <LikeButton articleId={article.id} autoToggle={pending === 'like'} />
          <ShareButton
            title={article.title}
            text={article.excerpt || article.metaDescription}
            onCopy={shareToast}
          />
        </>
      }
      related={
        <RelatedArticles articleId={article.id} categoryIds={categoryIds} />
      }
    />
  );
}
