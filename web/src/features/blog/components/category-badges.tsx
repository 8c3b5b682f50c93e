import type { BlogTerm } from '@shared/data/blog';
import { Badge } from '@web/components/ui/badge';

/** An article's categories as badges. */
export function CategoryBadges({ categories }: { categories: BlogTerm[] }) {
  if (categories.length === 0) return null;
  return (
    <ul aria-label="Categories" className="flex flex-wrap gap-1.5">
      {categories.map((c) => (
        <li key={c.id}>
          <Badge>{c.name}</Badge>
        </li>
      ))}
    </ul>
  );
}
