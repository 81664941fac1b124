import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataFolder } from '../../src/setup/data-folder';

/**
 * The operator's commands as they are typed (`npm run db:backup -- <file>`,
 * docs/decisions/0031-backup-and-restore.md): wired in package.json, they
 * refuse while a portal holds the embedded database's folder.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'portal-backup-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function npmRun(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  const result = spawnSync('npm', ['run', '--silent', ...args], {
    env: { ...rest, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

describe('npm run db:backup / db:restore', () => {
  it('without a file: the usage, exit 2', () => {
    const { status, out } = npmRun(['db:backup'], { DATA_DIR: scratch });
    expect(status).toBe(2);
    expect(out).toContain('Usage: npm run db:backup -- <file>');
  }, 60_000);

  it('refuses to back up the embedded database while a portal holds its folder, and writes nothing', () => {
    const dataDir = path.join(scratch, 'data');
    const lock = lockDataFolder(dataDir);
    try {
      writeFileSync(path.join(dataDir, 'PG_VERSION'), '17\n');
      const file = path.join(scratch, 'b.tar.gz');
      const { status, out } = npmRun(['db:backup', '--', file], { DATA_DIR: dataDir });
      expect(status).toBe(1);
      expect(out).toContain(`is in use by process ${process.pid}`);
      expect(existsSync(file)).toBe(false);
    } finally {
      lock.release();
    }
  }, 60_000);
});
