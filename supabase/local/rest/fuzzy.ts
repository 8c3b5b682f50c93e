// Fuzzy matching as Haskell's `fuzzyset` (a port of fuzzyset.js), which
// PostgREST uses for its "Perhaps you meant …" hints.

const normalize = (s: string) =>
  s.toLowerCase().replace(/[^\p{L}\p{N}\s,]/gu, '');

function grams(value: string, n: number): Map<string, number> {
  let padded = `-${value}-`;
  if (padded.length < n) padded += '-'.repeat(n - padded.length);
  const out = new Map<string, number>();
  for (let i = 0; i + n <= padded.length; i++) {
    const g = padded.slice(i, i + n);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

const norm = (v: Map<string, number>) =>
  Math.sqrt([...v.values()].reduce((a, c) => a + c * c, 0));

function levenshtein(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] ?? 0;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j] ?? 0;
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      prev[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (prev[j - 1] ?? 0) + 1,
        diag + cost,
      );
      diag = tmp;
    }
  }
  return prev[b.length] ?? 0;
}

const similarity = (a: string, b: string) =>
  1 - levenshtein(a, b) / Math.max(a.length, b.length, 1);

/** Matches of `query` among `items`, best first, each with its score. */
export function fuzzyGet(
  items: string[],
  query: string,
  minScore = 0.33,
): [number, string][] {
  const q = normalize(query);
  const byNorm = new Map<string, string>();
  for (const it of items)
    if (!byNorm.has(normalize(it))) byNorm.set(normalize(it), it);
  const exact = byNorm.get(q);
  if (exact !== undefined) return [[1, exact]];
  for (let n = 3; n >= 2; n--) {
    const qg = grams(q, n);
    const qn = norm(qg);
    const scored: [number, string][] = [];
    for (const key of byNorm.keys()) {
      const ig = grams(key, n);
      let dot = 0;
      for (const [g, c] of qg) dot += c * (ig.get(g) ?? 0);
      if (dot > 0) scored.push([dot / (qn * norm(ig)), key]);
    }
    if (scored.length === 0) continue;
    scored.sort((a, b) => b[0] - a[0]);
    const rescored = scored
      .slice(0, 50)
      .map(([, key]): [number, string] => [similarity(key, q), key])
      .sort((a, b) => b[0] - a[0])
      .filter(([s]) => s >= minScore)
      .map(([s, key]): [number, string] => [s, byNorm.get(key) ?? key]);
    if (rescored.length > 0) return rescored;
  }
  return [];
}

export function fuzzyOne(
  items: string[],
  query: string,
  minScore = 0.33,
): string | undefined {
  return fuzzyGet(items, query, minScore)[0]?.[1];
}
