import { Suspense, lazy, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { blogArticleHref } from '@web/config/paths';
import type { BlogArticleBoot } from '@shared/data/blog-boot';
import {
  ArticleNotFound,
  ArticlePage,
  ArticleSkeleton,
} from '@web/features/blog/components/article-page';
import type { PendingAction } from '@web/features/blog/components/article-view';
import { BlogLayout } from '@web/features/blog/components/blog-layout';
import { LikeButtonView } from '@web/features/blog/components/like-button-view';
import { RelatedList } from '@web/features/blog/components/related-list';
import { ShareButton } from '@web/features/blog/components/share-button';
import { useAnonymousLike } from '@web/features/blog/hooks/use-anonymous-likes';
import { bootArticle } from '@web/features/blog/lib/blog-boot';
import { hasStoredSession } from '@web/lib/stored-session';

const LiveArticle = lazy(
  () => import('@web/app/routes/blog/blog-article-live'),
);

/**
 * The article as the server sent it, for a signed-out visitor: no backend
 * client is loaded until they like it or need a toast, and then the live
 * page takes over, starting from the same data.
 */
function ServedArticle({
  boot,
  goLive,
}: {
  boot: BlogArticleBoot;
  goLive: (pending: PendingAction) => void;
}) {
  const { article } = boot;
  const [liked] = useAnonymousLike(article?.id ?? '');
  if (!article) return <ArticleNotFound />;
  return (
    <ArticlePage
      article={article}
      actions={
        <>
          <LikeButtonView
            liked={liked}
            count={boot.likeCount}
            onClick={() => goLive('like')}
          />
          <ShareButton
            title={article.title}
            text={article.excerpt || article.metaDescription}
            onCopy={goLive}
          />
        </>
      }
      related={<RelatedList articles={boot.related} />}
    />
  );
}

function Article({ slug }: { slug: string }) {
  const [boot] = useState(() => bootArticle(slug));
  const [live, setLive] = useState<{ pending?: PendingAction } | null>(() =>
    !boot || hasStoredSession() ? {} : null,
  );
  // The server answers an old slug with a 301; a page served otherwise
  // still moves on (#19 item 25).
  if (boot?.redirectTo) {
    return <Navigate to={blogArticleHref(boot.redirectTo)} replace />;
  }
  const served = boot ? (
    <ServedArticle boot={boot} goLive={(pending) => setLive({ pending })} />
  ) : null;
  if (!live) return served;
  return (
    <Suspense fallback={served ?? <ArticleSkeleton />}>
      <LiveArticle slug={slug} seed={boot} pending={live.pending} />
    </Suspense>
  );
}

export default function BlogArticleRoute() {
  const { slug = '' } = useParams();
  return (
    <BlogLayout width="max-w-4xl">
      <Article key={slug} slug={slug} />
    </BlogLayout>
  );
}
