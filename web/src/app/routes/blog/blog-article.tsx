import { useParams } from 'wouter';
import { ArticleView } from '@web/features/blog/components/article-view';
import { BlogLayout } from '@web/features/blog/components/blog-layout';

export default function BlogArticleRoute() {
  const { slug = '' } = useParams();
  return (
    <BlogLayout width="max-w-4xl">
      <ArticleView key={slug} slug={slug} />
    </BlogLayout>
  );
}
