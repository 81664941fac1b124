import { SETTINGS_DEFAULTS, settingsSchema, type Settings, type SettingsPatch } from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { writeAudit, type Actor } from '../audit/service';

/**
 * The settings in force: the stored values over the defaults. Read inside
 * the transaction of the event they govern, so a change applies to later
 * events only.
 */
export async function readSettings(sql: Sql): Promise<Settings> {
  const { rows } = await sql.query<{ key: string; value: unknown }>('SELECT key, value FROM settings');
  const merged: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  for (const row of rows) if (row.key in merged) merged[row.key] = row.value;
  return settingsSchema.parse(merged);
}

export function createSettingsService(ctx: AppContext) {
  return {
    read: () => readSettings(ctx.db),

    /** Changes some settings and records what changed, from what, in the audit log. */
    async update(actor: Actor, patch: SettingsPatch): Promise<Settings> {
      return ctx.db.transaction(async (tx) => {
        // One admin at a time: two edits never interleave their before/after.
        await tx.query('LOCK TABLE settings IN SHARE ROW EXCLUSIVE MODE');
        const before = await readSettings(tx);
        const changes: Record<string, { from: string; to: string }> = {};
        for (const [key, value] of Object.entries(patch) as Array<[keyof Settings, string]>) {
          if (before[key] === value) continue;
          changes[key] = { from: before[key], to: value };
          await tx.query(
            `INSERT INTO settings (key, value, updated_at, updated_by) VALUES ($1, $2, now(), $3)
             ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), updated_by = EXCLUDED.updated_by`,
            [key, JSON.stringify(value), actor.userId],
          );
        }
        if (Object.keys(changes).length > 0) {
          await writeAudit(tx, { actor, action: 'settings.update', targetType: 'settings', details: { changes } });
        }
        return readSettings(tx);
      });
    },
  };
}
