import {
  SETTINGS_DEFAULTS,
  loosens,
  settingsSchema,
  type PendingChange,
  type Settings,
  type SettingsPatch,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Database, Sql } from '../db/database';
import { writeAudit, type Actor } from '../audit/service';
import { sql } from '../db/sql';
import type { ChangeApplier } from '../changes/apply-due';
import { isLive } from '../changes/launch';
import { mailChange } from '../changes/mail';
import { proposeChange } from '../changes/propose';
import { settingsSummary, type SettingsChanges } from '../changes/store';

/** Settings as read at one version (settings_bump_version.sql in apps/api/sql/functions: every change gives a new random version). */
export interface VersionedSettings {
  version: string;
  settings: Settings;
}

// The settings this process read last, with their version. Versions are
// random, so a copy can never be taken for another database's: it is used
// only when a statement finds its version in force, so a process's several
// portals may share it (module state by choice, docs/decisions/0057-composition-root.md).
let lastRead: VersionedSettings | undefined;

/**
 * The settings in force: the stored values over the defaults. Read inside
 * the transaction of the event they govern, so a change applies to later
 * events only. One query, as before; when the version the transaction sees
 * is the one this process read last, it answers no rows and the copy is
 * used (nothing to parse).
 */
export async function readSettings(db: Sql): Promise<Settings> {
  return (await readVersionedSettings(db)).settings;
}

/** The settings of `version` (read by the caller's own statement): those last read if they are that version, else read anew. */
export async function settingsOfVersion(db: Sql, version: string): Promise<Settings> {
  const known = lastRead;
  return known?.version === version ? known.settings : readSettings(db);
}

async function readVersionedSettings(db: Sql): Promise<VersionedSettings> {
  const known = lastRead;
  const { rows } = await db.query<{ version: string; key: string | null; value: unknown }>(
    sql`SELECT v.version::text AS version, s.key, s.value FROM settings_version v LEFT JOIN settings s ON v.version IS DISTINCT FROM ${known?.version ?? null}::uuid`,
  );
  const version = rows[0]!.version;
  if (known && version === known.version) return known;
  const merged: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  for (const row of rows) if (row.key !== null && row.key in merged) merged[row.key] = row.value;
  const read = { version, settings: Object.freeze(settingsSchema.parse(merged)) };
  lastRead = read;
  return read;
}

/**
 * Runs a money path's statement under the settings in force (ADR 0025),
 * without first asking the database for them: `run` gets the settings this
 * process read last and sends their version along; a statement that finds
 * another version in force refuses (PT409 `SETTINGS_CHANGED`, as
 * ledger_transfers.sql and plan_purchases.sql do), and `run` goes again with
 * the settings read anew, up to five times. The transfer and purchase
 * groups run this way.
 */
export async function runUnderSettingsInForce<T>(db: Sql, run: (known: VersionedSettings) => Promise<T>): Promise<T> {
  let known = lastReadSettings() ?? (await readVersionedSettings(db));
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run(known);
    } catch (error) {
      if (!settingsChanged(error) || attempt >= 5) throw error;
      known = await readVersionedSettings(db);
    }
  }
}

/** The refusal of a statement run with settings no longer in force. */
function settingsChanged(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | undefined;
  return e?.code === 'PT409' && e.message === 'SETTINGS_CHANGED';
}

/** The settings this process read last, without asking the database; undefined until something has read them. */
export function lastReadSettings(): VersionedSettings | undefined {
  return lastRead;
}

/** Drops the copy unless it is of `version` (a `portal_settings` notification from another process). */
export function forgetSettings(version?: string): void {
  if (!version || lastRead?.version !== version) lastRead = undefined;
}

/**
 * On PostgreSQL, several API processes share the settings: each drops its
 * copy as soon as another commits a change (settings_bump_version.sql notifies
 * `portal_settings`), so its next event need not be refused and retried.
 * Correctness never depends on it: every event checks the version itself.
 */
export async function watchSettings(db: Database): Promise<void> {
  await db.listen?.('portal_settings', (version) => forgetSettings(version));
}

export const currentSettings = (ctx: AppContext) => readSettings(ctx.db);

/** What a settings change did: the settings in force after it, and the loosening part held for a second admin, if any. */
export interface SettingsUpdate {
  settings: Settings;
  held?: PendingChange;
}

/**
 * Changes some settings and records what changed, from what, in the audit
 * log. Once the portal is live, the values that loosen a money-out control
 * (`loosens`, the table in packages/contract/src/changes.ts) are held as one
 * pending change and the rest apply at once
 * (docs/decisions/0052-four-eyes-and-a-delay.md).
 */
export async function updateSettings(ctx: AppContext, actor: Actor, patch: SettingsPatch): Promise<SettingsUpdate> {
  const update = await ctx.db.transaction(async (tx): Promise<SettingsUpdate> => {
    await lockSettings(tx);
    const before = await readSettings(tx);
    const live = await isLive(tx);
    const atOnce: Partial<Settings> = {};
    const held: SettingsChanges = {};
    for (const [key, value] of Object.entries(patch) as Array<[keyof Settings, string | boolean]>) {
      if (before[key] === value) continue;
      if (live && loosens(key, before[key], value)) held[key] = { from: before[key], to: value };
      else Object.assign(atOnce, { [key]: value });
    }
    await writeSettings(tx, actor, atOnce);
    if (Object.keys(held).length === 0) return { settings: await readSettings(tx) };
    const change = await proposeChange(tx, actor, ctx.now(), {
      kind: 'settings',
      payload: { changes: held },
      summary: settingsSummary(held),
      delayHours: before.changeDelayHours,
    });
    return { settings: await readSettings(tx), held: change };
  });
  if (update.held) await mailChange(ctx, update.held, 'proposed');
  return update;
}

// One admin at a time: two edits never interleave their before/after.
const lockSettings = (tx: Sql) => tx.query(sql`LOCK TABLE settings IN SHARE ROW EXCLUSIVE MODE`);

/** Writes the values that differ from those in force and audits them (`details` adds to the record), in the caller's transaction. */
async function writeSettings(
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

/** A held settings change taking effect (changes/apply-due.ts): its values as proposed, over whatever is in force then. */
export const applySettingsChange: ChangeApplier = async (tx, payload, actor, context) => {
  await lockSettings(tx);
  const changes = (payload.changes ?? {}) as SettingsChanges;
  const values = Object.fromEntries(Object.entries(changes).map(([key, change]) => [key, change.to]));
  const merged = settingsSchema.safeParse({ ...(await readSettings(tx)), ...values });
  if (!merged.success) return 'the proposed values are no longer valid settings';
  await writeSettings(tx, actor, values, {
    change: context.changeId,
    confirmedBy: context.confirmedBy,
    unconfirmed: context.confirmedBy === null,
  });
  return null;
};
