/**
 * What "already sent about this site" lists (#40 item 16): one line per
 * distinct report, so two people's "Checkout button broken" read once, and,
 * where asked, none of the user's own (the popup offers an upvote, and one's
 * own feedback cannot be upvoted).
 */

export interface SuggestionRow {
  id: string;
  title: string;
  category: string;
  is_own: boolean;
  my_vote: string | null;
}

/** Same words, same category: case, accents, punctuation and spacing aside. */
export function suggestionKey(row: Pick<SuggestionRow, 'title' | 'category'>) {
  const words = row.title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return `${row.category}\u0000${words}`;
}

/**
 * Rows in the server's order (most similar first), duplicates grouped under
 * the first, or under the one the user already upvoted, so the line says
 * "Upvoted"; `alike` counts the reports of the line.
 */
export function groupSuggestions<T extends SuggestionRow>(
  rows: readonly T[],
  options: { includeOwn: boolean; limit: number },
): (T & { alike: number })[] {
  const groups = new Map<string, T & { alike: number }>();
  for (const row of rows) {
    if (row.is_own && !options.includeOwn) continue;
    const key = suggestionKey(row);
    const kept = groups.get(key);
    if (!kept) {
      groups.set(key, { ...row, alike: 1 });
      continue;
    }
    const alike = kept.alike + 1;
    groups.set(
      key,
      row.my_vote === 'upvote' && kept.my_vote !== 'upvote'
        ? { ...row, alike }
        : { ...kept, alike },
    );
  }
  return [...groups.values()].slice(0, options.limit);
}
