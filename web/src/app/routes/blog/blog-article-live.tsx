import { useState } from 'react';
import type { BlogArticleBoot } from '@shared/data/blog-boot';
import { seedArticleCache } from '@web/api/blog/seed';
import { EnvReady } from '@web/app/backend-gate';
import { DataLayout } from '@web/app/data-layout';
import {
  ArticleView,
  type PendingAction,
} from '@web/features/blog/components/article-view';
import { queryClient } from '@web/lib/query-client';

/** The article page read live, seeded with what the server sent. */
export default function LiveArticle({
  slug,
  seed,
  pending,
}: {
  slug: string;
  seed?: BlogArticleBoot;
  pending?: PendingAction;
}) {
  useState(() => seed && seedArticleCache(queryClient, seed));
  return (
    <EnvReady>
      <DataLayout>
        <ArticleView slug={slug} pending={pending} />
      </DataLayout>
    </EnvReady>
  );
}
