import type { Settings } from '@portal/contract';
import { writeAudit, type Actor } from '../audit/write-audit';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { readSettings } from './in-force';

// One admin at a time: two edits never interleave their before/after.
export const lockSettings = (tx: Sql) => tx.query(sql`LOCK TABLE settings IN SHARE ROW EXCLUSIVE MODE`);

/** Writes the values that differ from those in force and audits them (`details` adds to the record), in the caller's transaction. */
export async function writeSettings(
  tx: Sql,
  actor: Actor,
  values: Partial<Settings>,
  details: Record<string, unknown> = {},
): Promise<void> {
  const before = await readSettings(tx);
  const changes: Record<string, { from: string | boolean; to: string | boolean }> = {};
  for (const [key, value] of Object.entries(values) as Array<[keyof Settings, string | boolean]>) {
    if (before[key] === value) continue;
    changes[key] = { from: before[key], to: value };
    await tx.query(
      sql`INSERT INTO settings (key, value, updated_at, updated_by) VALUES (${key}, ${JSON.stringify(value)}, now(), ${actor.userId})
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
    );
  }
  if (Object.keys(changes).length > 0) {
    await writeAudit(tx, {
      actor,
      action: 'settings.update',
      targetType: 'settings',
      details: { changes, ...details },
    });
  }
}
