/**
 * `tsx scripts/once.ts <npm script>...`: runs each script once for the same
 * sources. `npm test` runs on PGlite and on PostgreSQL side by side in CI
 * (.ci/run), and shares out this way what need not run on both: the checks
 * without a database (the type check, the web app's unit tests, the OpenAPI
 * lint) and the browser tests' three parts, each on a portal of its own
 * (playwright.config.ts; docs/decisions/0060-browser-tests-shared-between-the-databases.md).
 *
 * Each script is taken by whichever run reaches it first: a run goes past a
 * script the other is running, takes the next, and at the end waits for the
 * ones it went past, taking their outcome instead of repeating them. A pass
 * is remembered by a hash of every file git tracks or would track (so any
 * change anywhere runs it again) and of Node's version, in
 * node_modules/.cache/once/, which `npm ci` empties. A failure is never
 * remembered: a run that finds one repeats the script itself. The first
 * failure ends the run, as `&&` would.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFolderLock, withFolderLockIfFree } from './folder-lock';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CACHE = path.join(ROOT, 'node_modules/.cache/once');

const scripts = process.argv.slice(2);
if (scripts.length === 0 || !scripts.every((script) => /^[\w:-]+$/.test(script))) {
  console.error('usage: tsx scripts/once.ts <npm script>...');
  process.exit(2);
}

function sourcesHash(): string {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const hash = createHash('sha256').update(process.version).update('\0');
  for (const file of listed.stdout.split('\0').filter(Boolean).sort()) {
    const full = path.join(ROOT, file);
    // A file deleted but not yet staged is listed and absent: its absence is part of the sources.
    hash
      .update(file)
      .update('\0')
      .update(existsSync(full) ? readFileSync(full) : '\0deleted');
  }
  return hash.digest('hex');
}

mkdirSync(CACHE, { recursive: true });
const hash = sourcesHash();
const stampOf = (script: string) => path.join(CACHE, `${script.replaceAll(':', '-')}.passed`);

/** Runs the script unless it passed for these sources; answers its exit code. Called holding its lock. */
async function runUnlessPassed(script: string): Promise<number> {
  const stamp = stampOf(script);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
    console.log(`npm run ${script}: passed already for these sources (scripts/once.ts)`);
    return 0;
  }
  const code = spawnSync('npm', ['run', script], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
  if (code === 0) writeFileSync(stamp, hash);
  return code;
}

const taken = new Set<string>();
for (const script of scripts) {
  const outcome = await withFolderLockIfFree(`${stampOf(script)}.lock`, () => runUnlessPassed(script));
  if (outcome === undefined) continue; // the other run has it: its outcome is read below
  taken.add(script);
  if (outcome.value !== 0) process.exit(outcome.value);
}
for (const script of scripts.filter((s) => !taken.has(s))) {
  const code = await withFolderLock(`${stampOf(script)}.lock`, () => runUnlessPassed(script));
  if (code !== 0) process.exit(code);
}
