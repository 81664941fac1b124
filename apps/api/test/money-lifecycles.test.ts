import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The status of a money object is written only by its lifecycle file
 * (docs/decisions/0058-money-lifecycles.md): no other file of apps/api/src or
 * apps/api/sql sets it in an UPDATE or names it in an INSERT. The database
 * refuses a move the table does not allow (shared/lifecycle.test.ts);
 * this keeps the allowed ones in one place too.
 */

const API = path.resolve(__dirname, '..');
const ROOT = path.resolve(API, '../..');

/** Each object's table and the one file that writes its status. */
const OWNERS: Record<string, string> = {
  withdrawals: 'apps/api/src/withdrawals/lifecycle.ts',
  payouts: 'apps/api/src/withdrawals/payout/lifecycle.ts',
  redemptions: 'apps/api/src/redemptions/lifecycle.ts',
  deposits: 'apps/api/src/deposits/lifecycle.ts',
};

const TABLES = Object.keys(OWNERS).join('|');
/** `UPDATE payouts [p] SET …` up to the end of its SET list. */
const UPDATE = new RegExp(
  `UPDATE\\s+(${TABLES})\\b(?:\\s+(?!SET\\b)\\w+)?\\s+SET\\b([\\s\\S]*?)(?=\\bWHERE\\b|\\bFROM\\b|\\bRETURNING\\b|\`|;|$)`,
  'gi',
);
/** `INSERT INTO payouts (…)`, its columns. */
const INSERT = new RegExp(`INSERT\\s+INTO\\s+(${TABLES})\\s*\\(([^)]*)\\)`, 'gi');
const SETS_STATUS = /(?:^|[\s,])(?:\w+\.)?status\s*=/i;
const NAMES_STATUS = /\bstatus\b/i;

/** The status writes of one file's text, as `table: statement start`. */
function statusWrites(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(UPDATE)) if (SETS_STATUS.test(m[2]!)) found.push(`${m[1]}: ${m[0].slice(0, 60)}`);
  for (const m of text.matchAll(INSERT)) if (NAMES_STATUS.test(m[2]!)) found.push(`${m[1]}: ${m[0].slice(0, 60)}`);
  return found;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : /\.(ts|sql)$/.test(name) ? [full] : [];
  });
}

describe('money lifecycles', () => {
  it('finds a status write however it is spelt, and only a status write', () => {
    expect(statusWrites("sql`UPDATE withdrawals SET status = 'paid', tx_hash = ${h} WHERE id = ${id}`")).toHaveLength(
      1,
    );
    expect(
      statusWrites("UPDATE payouts p\n   SET error = NULL,\n       status = 'mined'\n WHERE p.id = 1"),
    ).toHaveLength(1);
    expect(statusWrites("UPDATE payouts SET status = CASE WHEN status = 'queued' THEN 'signed' END")).toHaveLength(1);
    expect(statusWrites("INSERT INTO payouts (withdrawal_id, status) SELECT id, 'queued' FROM w")).toHaveLength(1);
    expect(statusWrites('UPDATE payouts SET waiting = ${r} WHERE id = ${id} AND status = ${s}')).toEqual([]);
    expect(statusWrites('UPDATE payouts SET error = NULL FROM x WHERE x.status = 1')).toEqual([]);
    expect(statusWrites("INSERT INTO payout_transactions (payout_id, kind) VALUES (1, 'cancel')")).toEqual([]);
  });

  it('are written only in their lifecycle files', () => {
    const files = [...walk(path.join(API, 'src')), ...walk(path.join(API, 'sql'))];
    const outside = files.flatMap((file) => {
      const relative = path.relative(ROOT, file);
      return statusWrites(readFileSync(file, 'utf8'))
        .filter((write) => OWNERS[write.split(':')[0]!.toLowerCase()] !== relative)
        .map((write) => `${relative}: ${write}`);
    });
    expect(outside).toEqual([]);
    // `toStatus` (shared/lifecycle.ts) writes a transition's status: only a lifecycle file uses it.
    const owners = [...Object.values(OWNERS), 'apps/api/src/shared/lifecycle.ts'];
    const usingToStatus = files
      .filter((file) => /\btoStatus\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(usingToStatus.filter((file) => !owners.includes(file))).toEqual([]);
    // And each owner does update its table.
    for (const [table, owner] of Object.entries(OWNERS)) {
      expect(readFileSync(path.join(ROOT, owner), 'utf8'), owner).toMatch(new RegExp(`UPDATE ${table}\\b`));
    }
  });
});
