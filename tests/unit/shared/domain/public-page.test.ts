import { describe, expect, it } from 'vitest';
import {
  publicChangesPath,
  publicChangesSlug,
  publicChangesTitle,
  publicSlugError,
  publishTopicError,
  reportersLabel,
  suggestPublicSlug,
  topicCompletedNotice,
} from '../../../../shared/domain/public-page.ts';

describe('public page rules (#22)', () => {
  it('accepts lowercase slugs of 3 to 40 letters, digits and inner dashes', () => {
    for (const ok of [
      'acme',
      'acme-app',
      'a1b',
      ' Acme-App ',
      'x'.repeat(40),
      '',
    ])
      expect(publicSlugError(ok), ok).toBeNull();
    for (const bad of [
      'ab',
      '-acme',
      'acme-',
      'ac me',
      'ác-me',
      'x'.repeat(41),
      'a_b',
    ])
      expect(publicSlugError(bad), bad).toMatch(/3 to 40/);
    expect(publicSlugError('Admin')).toBe(
      'The address "admin" is reserved. Please choose another.',
    );
  });

  it('suggests a slug from the company name', () => {
    expect(suggestPublicSlug('Acme Inc.')).toBe('acme-inc');
    expect(suggestPublicSlug('Café Crème')).toBe('cafe-creme');
    expect(suggestPublicSlug('!!')).toBe('');
  });

  it('maps paths both ways', () => {
    expect(publicChangesPath('acme')).toBe('/changes/acme');
    expect(publicChangesSlug('/changes/acme')).toBe('acme');
    expect(publicChangesSlug('/changes/acme/')).toBe('acme');
    expect(publicChangesSlug('/changes/')).toBeNull();
    expect(publicChangesSlug('/changes/a/b')).toBeNull();
    expect(publicChangesSlug('/blog/acme')).toBeNull();
    expect(publicChangesSlug('/changes/%E0%A4%A')).toBeNull();
  });

  it('checks the publish form and words the page', () => {
    expect(publishTopicError('  ', '')).toMatch(/1 to 120/);
    expect(publishTopicError('x'.repeat(121), '')).toMatch(/1 to 120/);
    expect(publishTopicError('Fine', 'x'.repeat(1001))).toMatch(/1000/);
    expect(publishTopicError('Fine', '')).toBeNull();
    expect(publicChangesTitle('Acme')).toBe('Acme — You said, we did');
    expect(reportersLabel(1)).toBe('1 person reported this');
    expect(reportersLabel(3)).toBe('3 people reported this');
    expect(topicCompletedNotice('Acme', 'Dark mode', 10)).toBe(
      'Acme completed something you reported: “Dark mode” — you earned 10 XP',
    );
    expect(topicCompletedNotice('Acme', 'Dark mode', 0)).toBe(
      'Acme completed something you reported: “Dark mode”',
    );
  });
});
