import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '@web/app/router';
import { paths } from '@web/config/paths';
import {
  declaredRoutes,
  pathPattern,
  preloadScript,
} from '../../../../web/build/route-preload';

const routerSource = readFileSync(
  path.join(process.cwd(), 'web/src/app/router.tsx'),
  'utf8',
);

describe('route preload (build plugin)', () => {
  it('reads every lazy route of the router table, with its kind', () => {
    const declared = declaredRoutes(routerSource);
    const lazy = routes.filter((r) => r.kind !== 'redirect');

    expect(declared.map((r) => [r.path, r.kind])).toEqual(
      lazy.map((r) => [r.path, r.kind]),
    );
    expect(declared.find((r) => r.path === paths.blogArticle)?.module).toBe(
      'app/routes/blog/blog-article',
    );
  });

  it('reads the prefetch module of every route declared withData', () => {
    const declared = declaredRoutes(routerSource);
    const withData = routes.filter((r) => r.kind !== 'redirect' && r.data);
    expect(withData.length).toBeGreaterThan(0);
    expect(declared.filter((r) => r.data).map((r) => [r.path, r.data])).toEqual(
      [[paths.dashboard, 'app/routes/consumer/dashboard-data']],
    );
    expect(declared.filter((r) => r.data).map((r) => r.path)).toEqual(
      withData.map((r) => r.path),
    );
  });

  it.each([
    ['/', '/', true],
    ['/', '/app', false],
    ['/app', '/app/', true],
    ['/app', '/app/community', false],
    ['/blog/:slug', '/blog/what-companies-see', true],
    ['/blog/:slug', '/blog/a/b', false],
    ['/blog', '/blog-admin', false],
  ])('pattern of %s matching %s: %s', (path, address, matches) => {
    expect(new RegExp(pathPattern(path)).test(address)).toBe(matches);
  });

  it('adds a modulepreload link for each file of the matching route only', () => {
    document.head.innerHTML = '';
    window.history.pushState(null, '', '/blog/some-article');
    const script = preloadScript(
      ['assets/a.js', 'assets/b.js', 'assets/c.js'],
      [
        [pathPattern('/blog'), [0]],
        [pathPattern('/blog/:slug'), [1, 2]],
      ],
    );
    new Function(script)();

    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([
      ['modulepreload', '/assets/b.js'],
      ['modulepreload', '/assets/c.js'],
    ]);
  });
});
