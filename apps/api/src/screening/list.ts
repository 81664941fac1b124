import {
  parseScreeningLine,
  type ScreeningEntry,
  type ScreeningImportResult,
  type ScreeningListQuery,
  type PendingChange,
} from '@portal/contract';
import { writeAudit, type Actor } from '../audit/write-audit';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { conflict, notFound, unprocessable } from '../shared/errors';
import { defineList } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { containsPattern } from '../shared/sql-list';
import type { ScreeningFile } from '../shared/screening-file';
import type { ChangeApplier } from '../changes/apply-due';
import { isLive } from '../changes/launch';
import { mailChange } from '../changes/mail';
import { proposeChange } from '../changes/propose';
import { readSettings } from '../settings/in-force';

/**
 * The screening list (docs/decisions/0036-address-screening.md): addresses
 * no withdrawal may go to (withdrawals/address-book.ts, withdrawals/review.ts)
 * and whose deposits are held for an admin (deposits/credit-final-range.ts).
 * Admins add and remove entries (removed ones are kept, with the reason);
 * the entries of SCREENING_LIST_FILE are replaced at each start.
 */

/** The listed ones among `addresses` (any case), each with its reason, keyed in lower case. */
export async function listedAmong(db: Sql, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const { rows } = await db.query<{ address: string; reason: string }>(
    sql`SELECT DISTINCT ON (address) address, reason FROM screened_addresses
         WHERE address = ANY(${addresses.map((a) => a.toLowerCase())}::text[]) AND removed_at IS NULL ORDER BY address, source`,
  );
  return new Map(rows.map((row) => [row.address, row.reason]));
}

/** The member is not told the list's reason: a refusal that names it would tell its owner why. */
export const addressBlocked = (field = 'address') =>
  unprocessable(
    'ADDRESS_BLOCKED',
    "This address is on the portal's screening list: withdrawals to it are refused. Use another address of your own, or contact support if you think this is a mistake.",
    field,
  );

/** Refuses a listed withdrawal address. */
export async function refuseListed(db: Sql, address: string, field = 'address'): Promise<void> {
  if ((await listedAmong(db, [address])).size > 0) throw addressBlocked(field);
}

/**
 * Replaces the file's entries with those of SCREENING_LIST_FILE as read at
 * this start (none when it is not set), in the caller's transaction (the
 * start's, setup/bootstrap.ts, one process at a time): an address taken off
 * the file is off the list after the next start. Answers how many it holds.
 */
export async function syncScreeningFile(tx: Sql, file: ScreeningFile | undefined): Promise<number> {
  const entries = file?.entries ?? [];
  await tx.query(sql`DELETE FROM screened_addresses WHERE source = 'file'`);
  if (entries.length === 0) return 0;
  await tx.query(
    sql`INSERT INTO screened_addresses (address, source, reason)
        SELECT address, 'file', reason FROM unnest(${entries.map((e) => e.address)}::text[], ${entries.map((e) => e.reason)}::text[]) AS u(address, reason)`,
  );
  return entries.length;
}

interface EntryRow {
  id: number;
  address: string;
  reason: string;
  source: 'admin' | 'file';
  created_by: string | null;
  created_at: Date;
  removed_by: string | null;
  removed_at: Date | null;
  removal_reason: string | null;
}

const SELECT = sql`SELECT s.id, s.address, s.reason, s.source, c.username AS created_by, s.created_at,
                          r.username AS removed_by, s.removed_at, s.removal_reason
                     FROM screened_addresses s LEFT JOIN users c ON c.id = s.created_by LEFT JOIN users r ON r.id = s.removed_by`;

function toEntry(row: EntryRow): ScreeningEntry {
  return {
    id: Number(row.id),
    address: row.address,
    reason: row.reason,
    source: row.source,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
    removedBy: row.removed_by,
    removedAt: row.removed_at ? new Date(row.removed_at).toISOString() : null,
    removalReason: row.removal_reason,
  };
}

const CSV_COLUMNS: CsvColumn<ScreeningEntry>[] = [
  { header: 'address', value: (e) => e.address },
  { header: 'reason', value: (e) => e.reason },
  { header: 'source', value: (e) => e.source },
  { header: 'created_by', value: (e) => e.createdBy },
  { header: 'created_at', value: (e) => e.createdAt },
  { header: 'removed_by', value: (e) => e.removedBy },
  { header: 'removed_at', value: (e) => e.removedAt },
  { header: 'removal_reason', value: (e) => e.removalReason },
];

const ENTRIES = defineList({
  select: SELECT,
  counted: sql`screened_addresses s`,
  sorts: { createdAt: 's.id', address: 's.address' },
  tieBreaker: 's.id',
  keyOf: (row: EntryRow) => row.id,
  toItem: toEntry,
  csv: { name: 'screening-list', columns: CSV_COLUMNS },
});

export function screeningList(ctx: AppContext, query: ScreeningListQuery): Promise<ListAnswer<ScreeningEntry>> {
  const search = query.search ? containsPattern(query.search.toLowerCase()) : undefined;
  const where = [
    search ? sql`(s.address LIKE ${search} OR lower(s.reason) LIKE ${search})` : undefined,
    query.source ? sql`s.source = ${query.source}` : undefined,
    query.state === 'listed' ? sql`s.removed_at IS NULL` : undefined,
    query.state === 'removed' ? sql`s.removed_at IS NOT NULL` : undefined,
  ];
  return ENTRIES.answer(ctx.db, { where, sort: query.sort }, query, ctx.now());
}

async function entryById(db: Sql, id: number): Promise<ScreeningEntry> {
  const { rows } = await db.query<EntryRow>(sql`${SELECT} WHERE s.id = ${id}`);
  return toEntry(rows[0]!);
}

/** Lists an address; answers null when an admin listed it already. */
async function insertEntry(tx: Sql, actor: Actor, address: string, reason: string): Promise<number | null> {
  const { rows } = await tx.query<{ id: number }>(
    sql`INSERT INTO screened_addresses (address, source, reason, created_by) VALUES (${address}, 'admin', ${reason}, ${actor.userId})
        ON CONFLICT (address, source) WHERE removed_at IS NULL DO NOTHING RETURNING id`,
  );
  if (!rows[0]) return null;
  await writeAudit(tx, {
    actor,
    action: 'screening.add',
    targetType: 'address',
    targetId: address,
    details: { reason },
  });
  return Number(rows[0].id);
}

export async function addScreened(
  ctx: AppContext,
  actor: Actor,
  body: { address: string; reason: string },
): Promise<ScreeningEntry> {
  return ctx.db.transaction(async (tx) => {
    const id = await insertEntry(tx, actor, body.address, body.reason);
    if (id === null)
      throw conflict('SCREENING_ALREADY_LISTED', `${body.address} is on the screening list already.`, 'address');
    return entryById(tx, id);
  });
}

interface ListedRow {
  address: string;
  source: string;
  removed_at: Date | null;
}

async function lockEntry(tx: Sql, id: number): Promise<ListedRow | undefined> {
  const { rows } = await tx.query<ListedRow>(
    sql`SELECT address, source, removed_at FROM screened_addresses WHERE id = ${id} FOR UPDATE`,
  );
  return rows[0];
}

async function takeOff(
  tx: Sql,
  actor: Actor,
  entry: { id: number; address: string; reason: string; now: Date },
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.query(
    sql`UPDATE screened_addresses SET removed_at = ${entry.now}, removed_by = ${actor.userId}, removal_reason = ${entry.reason} WHERE id = ${entry.id}`,
  );
  await writeAudit(tx, {
    actor,
    action: 'screening.remove',
    targetType: 'address',
    targetId: entry.address,
    details: { reason: entry.reason, ...details },
  });
}

/**
 * Takes an admin's entry off the list; once the portal is live, money may go
 * to that address again only after a second admin and the delay: the removal
 * is held as a pending change (docs/decisions/0052-four-eyes-and-a-delay.md).
 */
export async function removeScreened(
  ctx: AppContext,
  actor: Actor,
  id: number,
  reason: string,
): Promise<{ entry: ScreeningEntry; held?: PendingChange }> {
  const removal = await ctx.db.transaction(async (tx) => {
    const row = await lockEntry(tx, id);
    if (!row || row.removed_at) throw notFound('SCREENING_NOT_FOUND', 'This address is not on the screening list.');
    if (row.source === 'file') {
      throw conflict(
        'SCREENING_FROM_FILE',
        `${row.address} comes from the list file (SCREENING_LIST_FILE): take it out of the file and restart the portal.`,
      );
    }
    if (!(await isLive(tx))) {
      await takeOff(tx, actor, { id, address: row.address, reason, now: ctx.now() });
      return { entry: await entryById(tx, id) };
    }
    const { rows: waiting } = await tx.query<{ id: number }>(
      sql`SELECT id FROM pending_changes WHERE status = 'pending' AND kind = 'screening.remove' AND payload->>'entryId' = ${String(id)}`,
    );
    if (waiting[0]) {
      throw conflict(
        'CHANGE_PENDING_ALREADY',
        `Taking ${row.address} off the list is pending already (change #${waiting[0].id}).`,
      );
    }
    const held = await proposeChange(tx, actor, ctx.now(), {
      kind: 'screening.remove',
      payload: { entryId: id, address: row.address, reason },
      summary: `Take ${row.address} off the screening list (${reason})`,
      delayHours: (await readSettings(tx)).changeDelayHours,
    });
    return { entry: await entryById(tx, id), held };
  });
  if (removal.held) await mailChange(ctx, removal.held, 'proposed');
  return removal;
}

/** A held removal taking effect (changes/apply-due.ts), if the entry is still listed. */
export const applyScreeningRemoval: ChangeApplier = async (tx, payload, actor, context) => {
  const id = Number(payload.entryId);
  const row = await lockEntry(tx, id);
  if (!row || row.removed_at) return 'the address is no longer on the screening list';
  await takeOff(
    tx,
    actor,
    { id, address: row.address, reason: String(payload.reason), now: context.now },
    { change: context.changeId, confirmedBy: context.confirmedBy, unconfirmed: context.confirmedBy === null },
  );
  return null;
};

/**
 * Lists the addresses of a CSV, each line on its own: a good line is
 * added (or found listed already), a bad one says why; a line without a
 * reason takes `defaultReason`, else it is refused. One transaction.
 */
export async function importScreening(
  ctx: AppContext,
  actor: Actor,
  body: { csv: string; defaultReason?: string },
): Promise<ScreeningImportResult> {
  const result: ScreeningImportResult = { added: 0, alreadyListed: 0, invalid: 0, lines: [] };
  const lines = body.csv.split(/\r?\n/);
  await ctx.db.transaction(async (tx) => {
    for (const [index, text] of lines.entries()) {
      const line = index + 1;
      const parsed = parseScreeningLine(text);
      if (parsed.kind === 'skip') continue;
      const reason = parsed.kind === 'entry' ? (parsed.reason ?? body.defaultReason) : undefined;
      if (parsed.kind === 'invalid' || !reason) {
        result.invalid += 1;
        const message = parsed.kind === 'invalid' ? parsed.message : 'No reason: add one after a comma';
        result.lines.push({
          line,
          address: parsed.kind === 'entry' ? parsed.address : null,
          result: 'invalid',
          message,
        });
        continue;
      }
      const added = (await insertEntry(tx, actor, parsed.address, reason)) !== null;
      if (added) result.added += 1;
      else result.alreadyListed += 1;
      result.lines.push({
        line,
        address: parsed.address,
        result: added ? 'added' : 'already_listed',
        message: added ? 'Added' : 'Listed already',
      });
    }
  });
  return result;
}
