import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/platform/db/database';
import { migrate } from '../src/platform/db/migrate';

const API = fileURLToPath(new URL('..', import.meta.url));
const SCHEMA_SOURCES = ['migrations', 'sql/functions'].map((folder) => path.join(API, folder));
const PGLITE_PACKAGE = fileURLToPath(
  new URL('../../../node_modules/@electric-sql/pglite/package.json', import.meta.url),
);

let template: Promise<Blob> | undefined;

/**
 * A migrated, empty PGlite data folder that each in-memory test portal starts
 * from: a new cluster's initdb and the migrations took most of a test file's
 * start (5 s of 6.5 s on the CI machine). Made once per schema (a hash of the
 * migrations, the function files and PGlite's version) and kept in the temp
 * folder for the test workers and later runs; written by rename, so a worker
 * never reads half a file.
 */
export function migratedTemplate(): Promise<Blob> {
  template ??= loadOrMake();
  return template;
}

async function loadOrMake(): Promise<Blob> {
  const file = path.join(tmpdir(), `portal-pglite-template-${schemaHash()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  const dump = await db.dump!();
  await db.close();
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

function schemaHash(): string {
  const hash = createHash('sha256').update(readFileSync(PGLITE_PACKAGE));
  for (const folder of SCHEMA_SOURCES)
    for (const name of readdirSync(folder).sort()) hash.update(name).update(readFileSync(path.join(folder, name)));
  return hash.digest('hex').slice(0, 16);
}
