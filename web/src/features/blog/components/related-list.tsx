import { Link } from 'react-router-dom';
import type { BlogArticleSummary } from '@shared/data/blog';
import { blogArticleHref } from '@web/config/paths';

/** Up to three 'Related Articles' sharing a category. */
export function RelatedList({
  articles: list,
}: {
  articles: BlogArticleSummary[];
}) {
  if (list.length === 0) return null;
  return (
    <section
      aria-labelledby="related-heading"
      className="mt-14 border-t border-line pt-10"
    >
      <h2 id="related-heading" className="text-xl font-bold">
        Related Articles
      </h2>
      <ul className="mt-5 grid gap-5 sm:grid-cols-3">
        {list.map((a) => (
          <li key={a.id}>
            <Link
              to={blogArticleHref(a.slug)}
              className="group block h-full overflow-hidden rounded-2xl border border-line bg-white transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {/* No image, no empty box (#40 item 10): the card is its text. */}
              {a.featuredImageUrl && (
                <img
                  src={a.featuredImageUrl}
                  alt=""
                  loading="lazy"
                  className="aspect-[16/9] w-full object-cover"
                />
              )}
              <div className="p-4">
                <h3 className="font-semibold group-hover:text-brand-700">
                  {a.title}
                </h3>
                <p className="mt-1 line-clamp-2 text-sm text-ink-muted">
                  {a.excerpt || a.metaDescription}
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
