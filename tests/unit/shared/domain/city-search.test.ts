import { describe, expect, it } from 'vitest';
import {
  cityFieldValue,
  searchCities,
  type CityRow,
} from '@shared/domain/city-search';

const CITIES: CityRow[] = [
  ['São Paulo', 'Brazil', 'São Paulo'],
  ['Paris', 'France', 'Île-de-France'],
  ['Berlin', 'Germany', 'Berlin'],
  ['Parma', 'Italy', 'Emilia-Romagna'],
  ['Paris', 'France', 'Duplicate row'],
  ['Paris', 'United States', 'Texas'],
  ['Le Parc', 'France', 'Somewhere'],
  ...Array.from(
    { length: 20 },
    (_, i) => [`Berg ${i}`, 'Germany', 'Bavaria'] as CityRow,
  ),
];

describe('searchCities', () => {
  it.each([
    ['', []],
    ['p', []],
    [' p ', []],
  ])('suggests nothing for %j (under 2 characters)', (query, expected) => {
    expect(searchCities(CITIES, query)).toEqual(expected);
  });

  it('ignores case and accents', () => {
    expect(searchCities(CITIES, 'SAO').map((c) => c.name)).toEqual([
      'São Paulo',
    ]);
  });

  it('deduplicates by name and country, keeping other countries', () => {
    expect(
      searchCities(CITIES, 'pari').map((c) => `${c.name}/${c.country}`),
    ).toEqual(['Paris/France', 'Paris/United States']);
  });

  it('lists name prefixes before word matches', () => {
    expect(searchCities(CITIES, 'par').map((c) => c.name)).toEqual([
      'Paris',
      'Parma',
      'Paris',
      'Le Parc',
    ]);
  });

  it('answers at most 10', () => {
    expect(searchCities(CITIES, 'ber')).toHaveLength(10);
    expect(searchCities(CITIES, 'ber')[0]?.name).toBe('Berlin');
  });
});

describe('cityFieldValue', () => {
  it("fills 'name, country'", () => {
    expect(
      cityFieldValue({ name: 'Paris', country: 'France', region: 'IDF' }),
    ).toBe('Paris, France');
  });
});
