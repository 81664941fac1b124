import { SETTINGS_LABELS, type PendingChange, type PendingChangeKind, type Settings } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';

/** A pending change as stored (migrations/0043_pending_changes.sql). */
export interface ChangeRow {
  id: number;
  kind: PendingChangeKind;
  payload: Record<string, unknown>;
  summary: string;
  proposed_by: number;
  proposed_by_name: string;
  proposed_at: Date;
  due_at: Date;
  needs_confirmation: boolean;
  confirmed_by: number | null;
  confirmed_by_name: string | null;
  confirmed_at: Date | null;
  status: PendingChange['status'];
  ended_by_name: string | null;
  ended_at: Date | null;
  outcome: string | null;
}

/** A settings change's payload: each key from what was in force when proposed, to what it becomes. */
export type SettingsChanges = Partial<Record<keyof Settings, { from: string | boolean; to: string | boolean }>>;

export const SELECT_CHANGES = sql`SELECT c.id, c.kind, c.payload, c.summary, c.proposed_by, p.username AS proposed_by_name, c.proposed_at,
         c.due_at, c.needs_confirmation, c.confirmed_by, f.username AS confirmed_by_name, c.confirmed_at, c.status,
         e.username AS ended_by_name, c.ended_at, c.outcome
    FROM pending_changes c JOIN users p ON p.id = c.proposed_by
    LEFT JOIN users f ON f.id = c.confirmed_by LEFT JOIN users e ON e.id = c.ended_by`;

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

export function toChange(row: ChangeRow): PendingChange {
  const changes = row.kind === 'settings' ? ((row.payload.changes ?? {}) as SettingsChanges) : {};
  return {
    id: Number(row.id),
    kind: row.kind,
    summary: row.summary,
    settings: Object.entries(changes).map(([key, value]) => ({
      key,
      label: SETTINGS_LABELS[key as keyof Settings]?.label ?? key,
      from: String(value.from),
      to: String(value.to),
    })),
    proposedBy: row.proposed_by_name,
    proposedById: Number(row.proposed_by),
    proposedAt: iso(row.proposed_at)!,
    dueAt: iso(row.due_at)!,
    needsConfirmation: row.needs_confirmation,
    confirmedBy: row.confirmed_by_name,
    confirmedAt: iso(row.confirmed_at),
    status: row.status,
    endedBy: row.ended_by_name,
    endedAt: iso(row.ended_at),
    outcome: row.outcome,
  };
}

/** The change, or undefined; `forUpdate` locks its row for the caller's transaction. */
export async function changeRow(db: Sql, id: number, forUpdate = false): Promise<ChangeRow | undefined> {
  const lock = forUpdate ? sql`FOR UPDATE OF c` : sql``;
  const { rows } = await db.query<ChangeRow>(sql`${SELECT_CHANGES} WHERE c.id = ${id} ${lock}`);
  return rows[0];
}

/** Waiting changes by when they fall due, then the last 20 that ended. */
export async function listChanges(db: Sql): Promise<PendingChange[]> {
  const { rows } = await db.query<ChangeRow>(
    sql`(${SELECT_CHANGES} WHERE c.status = 'pending' ORDER BY c.due_at, c.id)
        UNION ALL
        (${SELECT_CHANGES} WHERE c.status <> 'pending' ORDER BY c.ended_at DESC, c.id DESC LIMIT 20)`,
  );
  return rows.map(toChange);
}

/** A settings payload in words: "Withdrawal maximum 10000 → 50000 USDT; …". */
export function settingsSummary(changes: SettingsChanges): string {
  return Object.entries(changes)
    .map(([key, value]) => {
      const label = SETTINGS_LABELS[key as keyof Settings];
      const unit = label?.unit ? ` ${label.unit}` : '';
      const show = (v: string | boolean) => (typeof v === 'boolean' ? (v ? 'on' : 'off') : `${v}${unit}`);
      return `${label?.label ?? key}: ${show(value.from)} → ${show(value.to)}`;
    })
    .join('; ');
}
