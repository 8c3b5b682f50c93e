import { readFileSync } from 'node:fs';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { paths } from '../src/config/paths.ts';

type PathKey = keyof typeof paths;

/** One lazy route as web/src/app/router.tsx declares it. */
export type DeclaredRoute = {
  path: string;
  kind: string;
  module: string;
  /** Its `withData(…)` prefetch module, if any. */
  data?: string;
};

const LAYOUTS: Record<string, string[]> = {
  data: ['app/data-layout'],
  'signed-in': ['app/data-layout', 'app/signed-in-layout'],
};

/**
 * The lazy routes of the router's table: `route(paths.x, 'kind', () =>
 * import('@web/…'))`. Read from its source so the table stays the one place
 * routes are declared.
 */
export function declaredRoutes(routerSource: string): DeclaredRoute[] {
  const call =
    /route\(\s*paths\.(\w+),\s*'([\w-]+)',\s*\(\)\s*=>\s*import\('@web\/([^']+)'\),?\s*\)/g;
  const withData =
    /withData\(\s*route\(\s*paths\.(\w+),[\s\S]*?\),\s*\(\)\s*=>\s*import\('@web\/([^']+)'\)/g;
  const data = new Map(
    [...routerSource.matchAll(withData)].map(([, key, module]) => [
      key!,
      module!,
    ]),
  );
  return [...routerSource.matchAll(call)].map(([, key, kind, module]) => ({
    path: paths[key as PathKey],
    kind: kind!,
    module: module!,
    ...(data.has(key!) ? { data: data.get(key!)! } : {}),
  }));
}

/** A route path as a regular expression source (`:slug` → one segment). */
export function pathPattern(path: string): string {
  const escaped = path
    .split('/')
    .map((part) =>
      part.startsWith(':')
        ? '[^/]+'
        : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return `^${escaped}/?$`;
}

/**
 * The inline script: finds the route of the address and adds a
 * modulepreload link for each module it will import, so they download
 * while the entry does instead of one round trip after it.
 */
export function preloadScript(
  files: string[],
  routes: [pattern: string, fileIndexes: number[]][],
): string {
  return `(function(f,r){var p=location.pathname;for(var i=0;i<r.length;i++){if(new RegExp(r[i][0]).test(p)){r[i][1].forEach(function(n){var l=document.createElement('link');l.rel='modulepreload';l.href='/'+f[n];document.head.appendChild(l)});return}}})(${JSON.stringify(files)},${JSON.stringify(routes)})`;
}

/** Preloads each route's lazy modules from index.html (production build). */
export function routePreload(routerFile: string, srcDir: string): Plugin {
  return {
    name: 'peega-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter(
          (c): c is OutputChunk => c.type === 'chunk',
        );
        const entry = chunks.find((c) => c.isEntry);
        const byModule = new Map<string, OutputChunk>();
        for (const c of chunks) {
          if (!c.facadeModuleId?.startsWith(srcDir)) continue;
          const rel = c.facadeModuleId.slice(srcDir.length + 1);
          byModule.set(rel.replace(/\.tsx?$/, ''), c);
        }
        const loaded = new Set<string>();
        const closure = (file: string, out: Set<string>) => {
          if (loaded.has(file) || out.has(file)) return;
          out.add(file);
          const chunk = bundle[file] as OutputChunk | undefined;
          for (const i of chunk?.imports ?? []) closure(i, out);
        };
        if (entry) closure(entry.fileName, loaded);

        const files: string[] = [];
        const index = (f: string) => {
          const at = files.indexOf(f);
          return at >= 0 ? at : files.push(f) - 1;
        };
        const routes: [string, number[]][] = [];
        const source = readFileSync(routerFile, 'utf8');
        for (const route of declaredRoutes(source)) {
          if (route.path === paths.notFound) continue;
          // The screen's first queries go first: they can start while the
          // rest of the screen's code is still on its way.
          const modules = [
            ...(route.data ? [route.data] : []),
            ...(LAYOUTS[route.kind] ?? []),
            route.module,
          ];
          const needed = new Set<string>();
          for (const m of modules) {
            const chunk = byModule.get(m);
            if (!chunk) throw new Error(`route-preload: no chunk for ${m}`);
            closure(chunk.fileName, needed);
          }
          routes.push([pathPattern(route.path), [...needed].map(index)]);
        }
        return [
          {
            tag: 'script',
            children: preloadScript(files, routes),
            // After the stylesheet (measured): the entry and the CSS get the
            // first round of connections, the route's modules the next.
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
