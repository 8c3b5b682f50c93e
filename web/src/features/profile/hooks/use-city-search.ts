import { useEffect, useState } from 'react';
import {
  CITY_SEARCH_MIN_CHARS,
  searchCities,
  type CityRow,
  type CitySuggestion,
} from '@shared/domain/city-search';

let cities: Promise<readonly CityRow[]> | undefined;

/** The bundled city list, loaded (once) on the first search. */
function loadCities(): Promise<readonly CityRow[]> {
  cities ??= import('@web/features/profile/data/world-cities.json').then(
    (m) => m.default as unknown as CityRow[],
    () => {
      cities = undefined;
      return [];
    },
  );
  return cities;
}

/** Suggestions for the typed text; a failed load gives none (spec §8). */
export function useCitySearch(query: string): CitySuggestion[] {
  const [result, setResult] = useState<{
    query: string;
    items: CitySuggestion[];
  }>({ query: '', items: [] });
  const active = query.trim().length >= CITY_SEARCH_MIN_CHARS;
  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    void loadCities().then((list) => {
      if (!cancelled) setResult({ query, items: searchCities(list, query) });
    });
    return () => {
      cancelled = true;
    };
  }, [query, active]);
  return active && result.query === query ? result.items : [];
}
