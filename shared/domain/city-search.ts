/**
 * City suggestions of the profile questionnaire (consumer spec §2
 * "/profile/settings", §5 "Profile", §9 "Search"; DECISIONS.md "City
 * suggestions"): searched from 2 typed characters, at most 10, deduplicated
 * by name and country.
 */

/** Characters typed before suggestions appear. */
export const CITY_SEARCH_MIN_CHARS = 2;

/** Most suggestions shown. */
export const CITY_SEARCH_MAX_RESULTS = 10;

/** Note under the city field. */
export const CITY_AUTO_DETECT_NOTE = 'Country and region will be auto-detected';

/** A city of the bundled list: name, country, region (largest first). */
export type CityRow = readonly [name: string, country: string, region: string];

/** A suggestion. */
export interface CitySuggestion {
  readonly name: string;
  readonly country: string;
  readonly region: string;
}

/** Lowercase without accents, so 'sao' finds 'São Paulo'. */
export function foldCityText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * Suggestions for `query`: none below 2 characters (after trimming); else
 * cities whose name starts with the query first, then cities with a word
 * starting with it, each group in list order (largest first), deduplicated
 * by name and country, at most 10. Accents and case are ignored.
 */
export function searchCities(
  cities: readonly CityRow[],
  query: string,
  limit: number = CITY_SEARCH_MAX_RESULTS,
): CitySuggestion[] {
  const q = foldCityText(query);
  if (q.length < CITY_SEARCH_MIN_CHARS) return [];
  const prefix: CitySuggestion[] = [];
  const word: CitySuggestion[] = [];
  const seen = new Set<string>();
  for (const [name, country, region] of cities) {
    const folded = foldCityText(name);
    const group = folded.startsWith(q)
      ? prefix
      : folded.split(/[\s\-'’]+/).some((w) => w.startsWith(q))
        ? word
        : null;
    if (!group) continue;
    const key = `${folded}|${foldCityText(country)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    group.push({ name, country, region });
    if (prefix.length >= limit) break;
  }
  return [...prefix, ...word].slice(0, limit);
}

/** What picking a suggestion puts in the field: 'name, country'. */
export function cityFieldValue(city: CitySuggestion): string {
  return `${city.name}, ${city.country}`;
}
