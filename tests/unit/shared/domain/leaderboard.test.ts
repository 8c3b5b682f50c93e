import { describe, expect, it } from 'vitest';
import {
  CURRENT_USER_SUFFIX,
  FIRST_PAGE,
  LEADERBOARD_PAGE_SIZE,
  clampPage,
  hasNextPage,
  hasPreviousPage,
  leaderboardName,
  medalForRank,
  pageLabel,
  pageOffset,
  rankOf,
  showPagination,
  totalPages,
} from '@shared/domain/leaderboard.ts';

describe('leaderboard constants', () => {
  it.each([
    ['LEADERBOARD_PAGE_SIZE', LEADERBOARD_PAGE_SIZE, 10],
    ['FIRST_PAGE', FIRST_PAGE, 1],
    ['CURRENT_USER_SUFFIX', CURRENT_USER_SUFFIX, '(You)'],
  ])('%s = %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('pages', () => {
  it.each([
    [0, 1, false],
    [1, 1, false],
    [10, 1, false],
    [11, 2, true],
    [20, 2, true],
    [21, 3, true],
    [95, 10, true],
    [-3, 1, false],
  ])('%d rows → %d pages, pager shown: %s', (count, pages, shown) => {
    expect(totalPages(count)).toBe(pages);
    expect(showPagination(totalPages(count))).toBe(shown);
  });

  it.each([
    [1, 3, 1],
    [2, 3, 2],
    [3, 3, 3],
    [4, 3, 3],
    [0, 3, 1],
    [-2, 3, 1],
    [2.7, 3, 2],
    [Number.NaN, 3, 1],
    [5, 0, 1],
  ])('clampPage(%d, %d) → %d', (page, pages, expected) => {
    expect(clampPage(page, pages)).toBe(expected);
  });

  it.each([
    [1, 3, false, true],
    [2, 3, true, true],
    [3, 3, true, false],
    [1, 1, false, false],
  ])('page %d of %d: previous %s, next %s', (page, pages, prev, next) => {
    expect(hasPreviousPage(page)).toBe(prev);
    expect(hasNextPage(page, pages)).toBe(next);
  });

  it.each([
    [1, 1, 'Page 1 of 1'],
    [2, 5, 'Page 2 of 5'],
  ])('pageLabel(%d, %d) → %j', (page, pages, label) => {
    expect(pageLabel(page, pages)).toBe(label);
  });

  it.each([
    [1, 0],
    [2, 10],
    [5, 40],
    [0, 0],
  ])('pageOffset(%d) → %d', (page, offset) => {
    expect(pageOffset(page)).toBe(offset);
  });
});

describe('ranks and names', () => {
  it.each([
    [1, 0, 1],
    [1, 9, 10],
    [2, 0, 11],
    [3, 4, 25],
  ])('page %d, row %d → rank %d', (page, index, rank) => {
    expect(rankOf(page, index)).toBe(rank);
  });

  it.each([
    [1, '🥇'],
    [2, '🥈'],
    [3, '🥉'],
    [4, null],
    [11, null],
    [0, null],
  ])('medalForRank(%d) → %j', (rank, medal) => {
    expect(medalForRank(rank)).toBe(medal);
  });

  it.each([
    ['ana', false, 'ana'],
    ['ana', true, 'ana (You)'],
    ['  ana ', true, 'ana (You)'],
    [null, false, 'Anonymous User'],
    ['', true, 'Anonymous User (You)'],
  ])('leaderboardName(%j, %s) → %j', (nickname, me, name) => {
    expect(leaderboardName(nickname, me)).toBe(name);
  });
});
