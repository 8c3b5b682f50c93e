import { describe, expect, it } from 'vitest';
import { parseLikedArticles, setLiked } from '@shared/domain/blog-likes';

describe('parseLikedArticles', () => {
  it.each([
    [null, []],
    ['', []],
    ['not json', []],
    ['{"a":1}', []],
    ['["a","b","a",3,null]', ['a', 'b']],
  ] as const)('%j → %j', (raw, expected) => {
    expect(parseLikedArticles(raw)).toEqual(expected);
  });
});

describe('setLiked', () => {
  it.each([
    [[], 'a', true, ['a']],
    [['a'], 'a', true, ['a']],
    [['a', 'b'], 'a', false, ['b']],
    [['b'], 'a', false, ['b']],
  ] as const)('%j + %s (%s) → %j', (list, id, liked, expected) => {
    expect(setLiked(list, id, liked)).toEqual(expected);
  });
});
