/**
 * `npm run lint:openapi`: builds the app on an in-memory database, writes its
 * OpenAPI document to a temporary file and lints it with Redocly
 * (`redocly.yaml`). Part of `npm test`: a document that stops being valid,
 * or an operation without security or operationId, fails CI. A script beside
 * main.ts, not in openapi/: it builds the app, which uses openapi/.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { createMailer } from './platform/mail/mailer';
import { newContext } from './context';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export async function writeOpenApiDocument(file: string): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'openapi-lint-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
  });
  const db = await openDatabase({ dataDir: 'memory://' });
  const log = pino({ level: 'silent' });
  const app = await buildApp(
    newContext({ config, db, log, now: () => new Date(), mailer: createMailer({ from: config.mailFrom, db, log }) }),
    { serveWeb: false },
  );
  await app.ready();
  writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
  await app.close();
  await db.close();
}

const dir = mkdtempSync(path.join(tmpdir(), 'portal-openapi-'));
const file = path.join(dir, 'openapi.json');
try {
  await writeOpenApiDocument(file);
  const lint = spawnSync(
    path.join(ROOT, 'node_modules/.bin/redocly'),
    ['lint', file, '--config', path.join(ROOT, 'redocly.yaml')],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = lint.status ?? 1;
} finally {
  if (process.argv.includes('--keep')) console.log(`document kept in ${file}`);
  else rmSync(dir, { recursive: true, force: true });
}
