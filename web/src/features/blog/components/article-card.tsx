import { Link } from 'react-router-dom';
import type { BlogArticleSummary } from '@shared/data/blog';
import { Badge } from '@web/components/ui/badge';
import { blogArticleHref } from '@web/config/paths';
import { BLOG_AUTHOR } from './article-meta';
import { CategoryBadges } from './category-badges';
import { PublishedDate } from './published-date';

/** Tags a card shows before '+n'. */
const CARD_TAGS = 3;

/** One article in the list: image, categories, title, summary, byline, tags. */
export function ArticleCard({ article }: { article: BlogArticleSummary }) {
  const href = blogArticleHref(article.slug);
  const summary = article.excerpt || article.metaDescription;
  const extraTags = article.tags.length - CARD_TAGS;
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm shadow-brand-900/5 transition hover:shadow-md">
      <Link to={href} tabIndex={-1} aria-hidden="true">
        {article.featuredImageUrl ? (
          <img
            src={article.featuredImageUrl}
            alt=""
            loading="lazy"
            className="aspect-[16/9] w-full object-cover"
          />
        ) : (
          <div className="grid aspect-[16/9] w-full place-items-center bg-gradient-to-br from-brand-100 to-accent-100 text-4xl font-extrabold text-brand-700/60">
            {article.title.slice(0, 1).toUpperCase()}
          </div>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <CategoryBadges categories={article.categories} />
        <h2 className="text-lg leading-snug font-bold">
          <Link
            to={href}
            className="rounded hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {article.title}
          </Link>
        </h2>
        {summary && (
          <p className="line-clamp-3 text-sm text-ink-muted">{summary}</p>
        )}
        <p className="text-xs text-ink-muted">
          {BLOG_AUTHOR}
          <PublishedDate at={article.publishedAt} />
        </p>
        {article.tags.length > 0 && (
          <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
            {article.tags.slice(0, CARD_TAGS).map((t) => (
              <li key={t.id}>
                <Badge className="bg-surface text-ink-muted ring-1 ring-line">
                  #{t.name}
                </Badge>
              </li>
            ))}
            {extraTags > 0 && (
              <li>
                <Badge className="bg-surface text-ink-muted ring-1 ring-line">
                  +{extraTags}
                </Badge>
              </li>
            )}
          </ul>
        )}
        <Link
          to={href}
          className="mt-auto inline-flex items-center gap-1 self-start rounded pt-1 text-sm font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Read More<span className="sr-only">: {article.title}</span>
          <span aria-hidden="true">→</span>
        </Link>
      </div>
    </article>
  );
}
