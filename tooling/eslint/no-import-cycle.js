// import-x's no-cycle skips type-only imports (hard-coded in 4.x), so a
// cycle made of `import type` lines passes it. This rule walks the same
// module graph (import-x's resolver and parse cache) counting every import,
// to any depth: layers import one way, types included.
import { ModuleInfo } from 'eslint-plugin-import-x/core/module-info';
import { moduleVisitor } from 'eslint-plugin-import-x/utils';

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Forbid import cycles, type-only imports and any depth included.',
    },
    schema: [],
    messages: {
      cycle:
        'Import cycle (type imports count too) via {{route}}: move the shared types to a leaf module.',
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === '<text>') return {};
    return moduleVisitor((source, importer) => {
      const first = ModuleInfo.get(source.value, context);
      if (first == null || first.path === filename) return;
      // Breadth-first over the graph; `seen` keeps it linear in its size.
      const seen = new Set([first.path]);
      const queue = [{ info: first, route: [first.path] }];
      while (queue.length > 0) {
        const { info, route } = queue.shift();
        for (const [path, { resolve }] of info.getImports()) {
          if (path === filename) {
            context.report({
              node: importer,
              messageId: 'cycle',
              data: { route: describe(context.cwd, [...route, path]) },
            });
            return;
          }
          if (seen.has(path) || path.includes('/node_modules/')) continue;
          seen.add(path);
          const next = resolve();
          if (next) queue.push({ info: next, route: [...route, path] });
        }
      }
    }, {});
  },
};

function describe(cwd, paths) {
  return paths.map((p) => p.replace(`${cwd}/`, '')).join(' → ');
}
