import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../src');

/**
 * The domains (the folders of apps/api/src) as a graph: an edge where a
 * file of one imports a value of another (`import type` is no dependency at
 * run time). A domain's `routes.ts` is the HTTP layer above it, which uses
 * `http/` (whose guard uses `auth/` and `two-factor/`): it is left out, so
 * the graph is that of the domains themselves. ESLint's import-x/no-cycle
 * (eslint.config.js) checks files; this checks folders, so that each domain
 * can be read on its own (docs/architecture.md, "Who may import whom").
 */
function domainGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : full.endsWith('.ts') ? [full] : [];
    });
  for (const file of walk(SRC)) {
    const relative = path.relative(SRC, file);
    const domain = relative.split(path.sep)[0]!;
    if (domain === relative || path.basename(file) === 'routes.ts') continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^import (?!type )[^;]*? from '(\.[^']+)';$/gms)) {
      const target = path.relative(SRC, path.resolve(path.dirname(file), match[1]!)).split(path.sep);
      if (target.length < 2 || target[0] === domain) continue;
      if (!graph.has(domain)) graph.set(domain, new Map());
      graph.get(domain)!.set(target[0]!, relative);
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
