import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../src');
const isDirectory = (full: string) => existsSync(full) && statSync(full).isDirectory();

/**
 * The domains (the folders of apps/api/src), the root files (those directly
 * under it, each its own node: `context.ts`, `app.ts`, …) and the layers of
 * `platform/` (each folder and file of it its own node) as a graph: an edge
 * where a file of one imports (or re-exports) from another, types included,
 * since a type is a dependency for whoever reads the code. A domain's
 * `routes.ts` is the HTTP layer above it, which uses `http/` (whose guard
 * uses `auth/` and `two-factor/`): it is left out, so the graph is that of
 * the domains themselves. ESLint's import-x/no-cycle (eslint.config.js)
 * checks files; this checks folders, so that each domain can be read on its
 * own (docs/architecture.md, "Who may import whom").
 */
function domainGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : full.endsWith('.ts') ? [full] : [];
    });
  // A folder (its index.ts) or a file in one is that domain; a file directly under src is its own node.
  // platform/ holds layers, not a domain: each of its folders and files is a node of its own.
  const nodeOf = (relative: string, isFolder: boolean) => {
    const parts = relative.split(path.sep);
    const depth = parts[0] === 'platform' ? 2 : 1;
    if (parts.length > depth || isFolder) return parts.slice(0, depth).join('/');
    return relative.endsWith('.ts') ? relative : `${relative}.ts`;
  };
  for (const file of walk(SRC)) {
    const relative = path.relative(SRC, file);
    const node = nodeOf(relative, false);
    if (node !== relative && path.basename(file) === 'routes.ts') continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^(?:import|export) (?:type )?[^;]*? from '(\.[^']+)';$/gms)) {
      const resolved = path.resolve(path.dirname(file), match[1]!);
      const target = path.relative(SRC, resolved);
      const to = nodeOf(target, isDirectory(resolved));
      if (to === node) continue;
      if (!graph.has(node)) graph.set(node, new Map());
      graph.get(node)!.set(to, relative);
    }
  }
  return graph;
}

/** Each cycle once, as `a (file) → b (file) → … → a`. */
function cycles(graph: Map<string, Map<string, string>>): string[] {
  const found = new Set<string>();
  const visit = (start: string, at: string, trail: string[]) => {
    for (const [next, via] of graph.get(at) ?? []) {
      const step = [...trail, `${at} (${via})`];
      if (next === start) {
        const names = step.map((s) => s.split(' ')[0]!);
        const first = names.indexOf([...names].sort()[0]!);
        found.add([...step.slice(first), ...step.slice(0, first), names[first]].join(' → '));
      } else if (next > start && !trail.some((s) => s.startsWith(`${next} `))) {
        visit(start, next, step);
      }
    }
  };
  for (const domain of graph.keys()) visit(domain, domain, []);
  return [...found];
}

describe('the API domains', () => {
  it('import each other without a cycle', () => {
    expect(cycles(domainGraph())).toEqual([]);
  });
});
