import {
  fromBaseUnits,
  type ChainStatus,
  type Deposit,
  type DepositListQuery,
  type DepositStatus,
  type MyDeposits,
  type MyDepositsQuery,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { CsvColumn } from '../shared/csv';
import { defineList, type ListFilter } from '../shared/list-query';
import type { ListAnswer } from '../shared/list-reply';
import { betweenDays } from '../shared/sql-list';
import { readChainStatus } from './chain-status';

/** The deposits lists: the member's own (with the deposit wallet's balance and the chain status) and the admin's of all. */

interface DepositRow {
  id: number;
  member_id: number;
  username: string;
  address: string;
  from_address: string;
  amount: string;
  status: DepositStatus;
  tx_hash: string;
  log_index: number;
  block_number: string;
  seen_at: Date;
  credited_at: Date | null;
  hold_reason: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  decision_note: string | null;
}

const SELECT = sql`SELECT d.id, d.member_id, u.username, d.address, d.from_address, d.amount::text, d.status, d.tx_hash, d.log_index,
                       d.block_number::text, d.seen_at, d.credited_at, d.hold_reason, a.username AS decided_by, d.decided_at, d.decision_note
                  FROM deposits d JOIN users u ON u.id = d.member_id LEFT JOIN users a ON a.id = d.decided_by`;

function toDeposit(ctx: AppContext, row: DepositRow, status: ChainStatus): Deposit {
  const latest = status.latestBlock === null ? null : BigInt(status.latestBlock);
  const final = status.finalBlock === null ? null : BigInt(status.finalBlock);
  const needed =
    latest !== null && final !== null ? Number(latest - final + 1n) : (ctx.chain?.settings.confirmations ?? 0);
  const block = BigInt(row.block_number);
  const confirmations = latest === null || latest < block ? 0 : Number(latest - block + 1n);
  return {
    id: Number(row.id),
    member: { id: Number(row.member_id), username: row.username },
    address: row.address,
    fromAddress: row.from_address,
    amount: fromBaseUnits(BigInt(row.amount)),
    status: row.status,
    txHash: row.tx_hash,
    logIndex: row.log_index,
    blockNumber: row.block_number,
    confirmations: row.status === 'dropped' ? 0 : confirmations,
    confirmationsNeeded: needed,
    seenAt: row.seen_at.toISOString(),
    creditedAt: row.credited_at ? row.credited_at.toISOString() : null,
    explorerUrl: ctx.chain?.explorerTx(row.tx_hash) ?? null,
    holdReason: row.hold_reason,
    decision: row.decided_at
      ? { by: row.decided_by, at: new Date(row.decided_at).toISOString(), note: row.decision_note }
      : null,
  };
}

/** What a member is told of a held deposit: its status only; the screening list's reason and the admin's stay with the admins. */
const forMember = (deposit: Deposit): Deposit => ({ ...deposit, holdReason: null, decision: null });

type DepositFilter = Omit<DepositListQuery, 'page' | 'pageSize' | 'format'> & {
  memberId?: number;
  maxId?: number;
  id?: number;
};

function filterOf(query: DepositFilter): ListFilter<DepositRow> {
  return {
    where: [
      query.memberId !== undefined ? sql`d.member_id = ${query.memberId}` : undefined,
      query.member ? sql`lower(u.username) = lower(${query.member})` : undefined,
      query.status ? sql`d.status = ${query.status}` : undefined,
      ...betweenDays(sql`d.seen_at`, query.from, query.to),
      query.maxId !== undefined ? sql`d.id <= ${query.maxId}` : undefined,
      query.id !== undefined ? sql`d.id = ${query.id}` : undefined,
    ],
    sort: '-seenAt',
  };
}

const CSV_COLUMNS: CsvColumn<Deposit>[] = [
  { header: 'id', value: (d) => d.id, raw: true },
  { header: 'seen_at', value: (d) => d.seenAt },
  { header: 'member', value: (d) => d.member.username },
  { header: 'amount', value: (d) => d.amount, raw: true },
  { header: 'status', value: (d) => d.status },
  { header: 'confirmations', value: (d) => d.confirmations, raw: true },
  { header: 'credited_at', value: (d) => d.creditedAt },
  { header: 'address', value: (d) => d.address },
  { header: 'from_address', value: (d) => d.fromAddress },
  { header: 'tx_hash', value: (d) => d.txHash },
  { header: 'log_index', value: (d) => d.logIndex, raw: true },
  { header: 'block_number', value: (d) => d.blockNumber, raw: true },
];

/**
 * The deposits, newest first, with their confirmations as of `status` (a
 * promise, so the chain status is read beside the page, not before it).
 */
function depositList(ctx: AppContext, status: Promise<ChainStatus>) {
  return defineList({
    select: SELECT,
    counted: sql`deposits d JOIN users u ON u.id = d.member_id`,
    sorts: { seenAt: 'd.id' },
    tieBreaker: 'd.id',
    keyOf: (row: DepositRow) => row.id,
    toItems: async (_db, rows: DepositRow[]) => {
      const chain = await status;
      return rows.map((row) => toDeposit(ctx, row, chain));
    },
    csv: { name: 'deposits', columns: CSV_COLUMNS },
  });
}

export async function memberDeposits(ctx: AppContext, memberId: number, query: MyDepositsQuery): Promise<MyDeposits> {
  const { db } = ctx;
  const status = readChainStatus(ctx);
  const [{ page }, balance, chain] = await Promise.all([
    depositList(ctx, status).page(db, filterOf({ memberId, member: undefined, status: query.status }), query),
    db.query<{ balance: string }>(
      sql`SELECT balance::text FROM ledger_accounts WHERE owner_id = ${memberId} AND wallet = 'deposit'`,
    ),
    status,
  ]);
  return {
    ...page,
    items: page.items.map(forMember),
    balance: fromBaseUnits(BigInt(balance.rows[0]?.balance ?? '0')),
    chain,
  };
}

/** The deposits recorded for these transfers of one transaction (by log index), as the lists show them. */
export async function depositsOfTransaction(
  ctx: AppContext,
  chainId: number,
  txHash: string,
  logIndexes: number[],
): Promise<Deposit[]> {
  const [status, { rows }] = await Promise.all([
    readChainStatus(ctx),
    ctx.db.query<DepositRow>(
      sql`${SELECT} WHERE d.chain_id = ${chainId} AND d.tx_hash = ${txHash} AND d.log_index = ANY(${logIndexes}::int[]) ORDER BY d.log_index`,
    ),
  ]);
  return rows.map((row) => toDeposit(ctx, row, status));
}

/** All deposits: a page, or with `format=csv` the whole filtered list, newest first. */
export async function adminDeposits(ctx: AppContext, query: DepositListQuery): Promise<ListAnswer<Deposit>> {
  const { db } = ctx;
  // The CSV is a fixed set while new deposits arrive: those up to the newest when the export began.
  const [status, newest] = await Promise.all([
    readChainStatus(ctx),
    query.format === 'csv' ? db.query<{ id: number | null }>(sql`SELECT max(id)::int AS id FROM deposits`) : undefined,
  ]);
  const maxId = newest ? (newest.rows[0]?.id ?? 0) : undefined;
  return depositList(ctx, Promise.resolve(status)).answer(db, filterOf({ ...query, maxId }), query, ctx.now());
}

/** One deposit as the admin list shows it, read in `db` (a decision's transaction). */
export async function adminDepositById(ctx: AppContext, db: Sql, id: number, status: ChainStatus): Promise<Deposit> {
  const { page } = await depositList(ctx, Promise.resolve(status)).page(
    db,
    filterOf({ id, member: undefined, status: undefined }),
    { page: 1, pageSize: 1 },
  );
  return page.items[0]!;
}
