/**
 * `npm run build`: the web app built into apps/web/dist, once for the same
 * sources. Two `npm test` runs side by side (.ci/run: PGlite and PostgreSQL)
 * each build before their browser tests; a second build would empty the
 * folder the other run's portal is serving. So a build takes a lock
 * (scripts/folder-lock.ts), and is
 * skipped when dist/ was built from the same sources (a hash of every file
 * the bundle is made from, kept beside it).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { withFolderLock } from '../../../scripts/folder-lock';
import { filesUnder } from './files-under';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.join(WEB, '../..');
const DIST = path.join(WEB, 'dist');
const HASH_FILE = path.join(DIST, '.sources-sha256');
const LOCK = path.join(WEB, '.build-lock');
const SOURCES = [
  WEB,
  path.join(ROOT, 'packages/contract'),
  path.join(ROOT, 'package-lock.json'),
  path.join(ROOT, 'tsconfig.base.json'),
];
const SKIPPED = new Set(['node_modules', 'dist', '.build-lock']);

function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((source) => filesUnder(source, SKIPPED)))
    hash.update(path.relative(ROOT, file)).update('\0').update(readFileSync(file));
  return hash.digest('hex');
}

await withFolderLock(LOCK, async () => {
  const hash = sourcesHash();
  if (existsSync(HASH_FILE) && readFileSync(HASH_FILE, 'utf8') === hash) {
    console.log('web build: apps/web/dist is up to date with its sources');
    return;
  }
  await build({ configFile: path.join(WEB, 'vite.config.ts') });
  writeFileSync(HASH_FILE, hash);
});
