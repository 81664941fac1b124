/**
 * `npm run bench`: runs every scenario in bench/scenarios (or those named on
 * the command line: `npm run bench -- transfers network`), prints a table of
 * figures and writes them as JSON to bench/out/results.json. A benchmark
 * measures; it never passes or fails on a duration.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { BenchContext, Figure, Scenario } from './lib/scenario';
import { measurePgbench } from './lib/pgbench';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const files = readdirSync(path.join(here, 'scenarios'))
    .filter((name) => name.endsWith('.ts'))
    .sort();
  const scenarios: Scenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(here, 'scenarios', file)).href)) as { default: Scenario };
    if (!wanted.length || wanted.includes(mod.default.name)) scenarios.push(mod.default);
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const ctx: BenchContext = { databaseUrl, log: (line) => console.log(`  ${line}`) };
  console.log(`Database: ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);

  const figures: Figure[] = [];
  // The transfers scenarios run pgbench beside their shapes themselves.
  const pgbench = scenarios.every((s) => s.name.startsWith('transfers'))
    ? undefined
    : await measurePgbench(databaseUrl);
  if (pgbench) figures.push(pgbench);
  for (const scenario of scenarios) {
    console.log(`\n== ${scenario.name}: ${scenario.description}`);
    const started = performance.now();
    const results = await scenario.run(ctx);
    for (const figure of results) figures.push({ scenario: scenario.name, ...figure });
    console.log(`  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }

  console.log('\n' + formatTable(figures));
  const outDir = path.join(here, 'out');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, 'results.json'),
    JSON.stringify({ at: new Date().toISOString(), databaseUrl: Boolean(databaseUrl), figures }, null, 2),
  );
  console.log(`\nJSON: ${path.join(outDir, 'results.json')}`);
  process.exit(0);
}

function formatTable(figures: Figure[]): string {
  const rows = figures.map((f) => [f.scenario ?? '', f.metric, f.value, f.unit, f.note ?? '']);
  const header = ['scenario', 'metric', 'value', 'unit', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: unknown[]) => cells.map((c, i) => String(c).padEnd(widths[i]!)).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
