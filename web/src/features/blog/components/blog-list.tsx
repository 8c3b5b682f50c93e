import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BlogArticleSummary, BlogCategory } from '@shared/data/blog';
import type { BlogListFilters } from '@shared/data/blog-boot';
import { inputClass } from '@web/components/ui/field';
import { Skeleton } from '@web/components/ui/skeleton';
import { ArticleCard } from './article-card';
import { filterNavigation } from '@web/lib/filter-history';

/** Search words and category live in the URL: `?q=…&category=<slug>`. */
const SEARCH_PARAM = 'q';
const CATEGORY_PARAM = 'category';

/**
 * The list's filters from the URL: what the search box shows, the filters
 * to query with (words trimmed), and a setter that edits the URL.
 */
export function useBlogFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM) ?? '';
  const categorySlug = params.get(CATEGORY_PARAM) ?? '';
  const filters: BlogListFilters = { search: search.trim(), categorySlug };
  const update = (name: 'search' | 'category', value: string) => {
    const next = new URLSearchParams(params);
    const key = name === 'search' ? SEARCH_PARAM : CATEGORY_PARAM;
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, filterNavigation(params, next, SEARCH_PARAM));
  };
  return { search, categorySlug, filters, update };
}

interface BlogListViewProps {
  categories: BlogCategory[];
  /** The results under the search box and category filter. */
  children: ReactNode;
}

/** The public article list with its search box and category filter. */
export function BlogListView({ categories, children }: BlogListViewProps) {
  const { search, categorySlug, update } = useBlogFilters();
  return (
    <section aria-labelledby="blog-heading">
      <div className="max-w-2xl">
        <h1
          id="blog-heading"
          className="text-3xl font-bold tracking-tight sm:text-4xl"
        >
          Blog
        </h1>
        <p className="mt-2 text-ink-muted">
          Guides, product news and what feedback teaches about building better
          websites.
        </p>
      </div>
      <div
        role="search"
        className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center"
      >
        <label className="relative flex-1">
          <span className="sr-only">Search articles</span>
          <svg
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-muted"
          >
            <path
              fillRule="evenodd"
              d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.58 3.58a.75.75 0 1 1-1.06 1.06l-3.58-3.58A7 7 0 0 1 2 9Z"
              clipRule="evenodd"
            />
          </svg>
          <input
            type="search"
            value={search}
            onChange={(e) => update('search', e.target.value)}
            placeholder="Search articles..."
            className={`${inputClass} pl-10`}
          />
        </label>
        <label className="sm:w-60">
          <span className="sr-only">Category</span>
          <select
            value={categorySlug}
            onChange={(e) => update('category', e.target.value)}
            className={inputClass}
          >
            <option value="">All Categories</option>
            {categories.map((c) => (
              <option key={c.id} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {children}
    </section>
  );
}

interface ArticleResultsProps {
  /** Undefined while the first result loads. */
  articles: BlogArticleSummary[] | undefined;
  /** A newer result is on its way (the shown one is the previous). */
  fetching?: boolean;
}

/** The list's cards, their skeleton while loading, or 'No articles found'. */
export function ArticleResults({ articles, fetching }: ArticleResultsProps) {
  if (!articles) {
    return (
      <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-80" />
        ))}
      </div>
    );
  }
  if (articles.length === 0) {
    return (
      <div className="mt-12 rounded-2xl border border-dashed border-line bg-white px-6 py-16 text-center">
        <h2 className="text-lg font-semibold">No articles found</h2>
        <p className="mt-1 text-sm text-ink-muted">
          Try adjusting your search or filter criteria.
        </p>
      </div>
    );
  }
  return (
    <ul
      aria-label="Articles"
      aria-busy={fetching}
      className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
    >
      {articles.map((a) => (
        <li key={a.id} className="flex">
          <ArticleCard article={a} />
        </li>
      ))}
    </ul>
  );
}
