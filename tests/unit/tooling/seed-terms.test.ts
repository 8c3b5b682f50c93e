import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  SEED_FILE,
  currentBlock,
  seedTexts,
  termsBlock,
} from '../../../scripts/seed-terms.ts';

describe("the demo seed's content terms (#34)", () => {
  const sql = readFileSync(SEED_FILE, 'utf8');

  it('reads every seed text', () => {
    const texts = seedTexts(sql);
    expect(texts.length).toBeGreaterThanOrEqual(15);
    expect(texts).toContainEqual(
      expect.objectContaining({
        category: 'improvement',
        title: 'Make the pricing table easier to compare',
      }),
    );
  });

  it('are up to date with the texts and contentTerms (else: npx tsx scripts/seed-terms.ts)', () => {
    expect(currentBlock(sql)).toBe(termsBlock(sql));
  });
});
