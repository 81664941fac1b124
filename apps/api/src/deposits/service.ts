import {
  fromBaseUnits,
  NETWORK_NAME,
  toBaseUnits,
  type ChainStatus,
  type Deposit,
  type DepositAddress,
  type DepositListQuery,
  type DepositStatus,
  type MyDeposits,
  type MyDepositsQuery,
} from '@portal/contract';
import type { Chain } from '../chain';
import type { AppContext } from '../context';
import type { Sql } from '../db/database';
import { readSettings } from '../settings/service';
import { AppError } from '../shared/errors';
import { sql, type SqlQuery } from '../db/sql';
import type { CsvColumn } from '../shared/csv';
import { csvFile, listPage, type ListAnswer } from '../shared/list-reply';
import { pageWindow } from '../shared/pagination';
import { betweenDays, pageClause, where } from '../shared/sql-list';
import { ensureDepositAddress } from './addresses';
import { describeChainError, readChainStatus } from './chain-status';

export const chainUnavailable = (detail?: string) =>
  new AppError(503, 'CHAIN_UNAVAILABLE', `Deposits are unavailable right now: the chain does not answer${detail ? ` (${detail})` : ''}. Try again shortly.`);

export function requireChain(ctx: AppContext): Chain {
  if (!ctx.chain) throw new AppError(503, 'CHAIN_UNAVAILABLE', 'Deposits are unavailable: the portal runs without a chain.');
  return ctx.chain;
}

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
}

const SELECT = sql`SELECT d.id, d.member_id, u.username, d.address, d.from_address, d.amount::text, d.status, d.tx_hash, d.log_index,
                       d.block_number::text, d.seen_at, d.credited_at
                  FROM deposits d JOIN users u ON u.id = d.member_id`;

export function toDeposit(ctx: AppContext, row: DepositRow, status: ChainStatus): Deposit {
  const latest = status.latestBlock === null ? null : BigInt(status.latestBlock);
  const final = status.finalBlock === null ? null : BigInt(status.finalBlock);
  const needed = latest !== null && final !== null ? Number(latest - final + 1n) : (ctx.chain?.settings.confirmations ?? 0);
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
  };
}

type DepositFilter = Omit<DepositListQuery, 'page' | 'pageSize' | 'format'> & { memberId?: number; maxId?: number };

function filterOf(query: DepositFilter): SqlQuery {
  return where(
    query.memberId !== undefined ? sql`d.member_id = ${query.memberId}` : undefined,
    query.member ? sql`lower(u.username) = lower(${query.member})` : undefined,
    query.status ? sql`d.status = ${query.status}` : undefined,
    ...betweenDays(sql`d.seen_at`, query.from, query.to),
    query.maxId !== undefined ? sql`d.id <= ${query.maxId}` : undefined,
  );
}

async function listRows(db: Sql, query: DepositFilter, window: { limit: number; offset: number }): Promise<DepositRow[]> {
  const { rows } = await db.query<DepositRow>(sql`${SELECT} ${filterOf(query)} ORDER BY d.id DESC ${pageClause(window)}`);
  return rows;
}

async function countRows(db: Sql, query: DepositFilter): Promise<number> {
  const { rows } = await db.query<{ total: number }>(sql`SELECT count(*)::int AS total FROM deposits d JOIN users u ON u.id = d.member_id ${filterOf(query)}`);
  return rows[0]!.total;
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

/** Every deposit of the filter, newest first, for the CSV: a fixed set while new ones arrive, read from the last id on. */
async function* everyDeposit(ctx: AppContext, query: DepositFilter): AsyncGenerator<Deposit> {
  const status = await readChainStatus(ctx);
  const max = await ctx.db.query<{ id: number | null }>(sql`SELECT max(id)::int AS id FROM deposits`);
  let maxId = max.rows[0]?.id ?? 0;
  for (;;) {
    const rows = await listRows(ctx.db, { ...query, maxId }, { limit: 1000, offset: 0 });
    for (const row of rows) yield toDeposit(ctx, row, status);
    if (rows.length < 1000) return;
    maxId = Number(rows[rows.length - 1]!.id) - 1;
  }
}

export function createDepositService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async address(memberId: number): Promise<DepositAddress> {
      const chain = requireChain(ctx);
      let token;
      try {
        token = await chain.token();
      } catch (error) {
        throw chainUnavailable(describeChainError(chain, error));
      }
      const { address } = await ensureDepositAddress(db, chain, memberId);
      const settings = await readSettings(db);
      return {
        address,
        uri: `ethereum:${token.address}@${chain.chainId}/transfer?address=${address}`,
        token: { symbol: token.symbol, address: token.address, decimals: token.decimals },
        network: NETWORK_NAME,
        chainId: chain.chainId,
        minimum: fromBaseUnits(toBaseUnits(settings.depositMinimum)),
        explorerUrl: chain.explorerAddress(address),
      };
    },

    async mine(memberId: number, query: MyDepositsQuery): Promise<MyDeposits> {
      const filter = { memberId, member: undefined, status: query.status };
      const window = pageWindow(query);
      const [status, total, rows, balance] = await Promise.all([
        readChainStatus(ctx),
        countRows(db, filter),
        listRows(db, filter, window),
        db.query<{ balance: string }>(sql`SELECT balance::text FROM ledger_accounts WHERE owner_id = ${memberId} AND wallet = 'deposit'`),
      ]);
      return {
        items: rows.map((row) => toDeposit(ctx, row, status)),
        total,
        page: query.page,
        pageSize: query.pageSize,
        balance: fromBaseUnits(BigInt(balance.rows[0]?.balance ?? '0')),
        chain: status,
      };
    },

    /** All deposits: a page, or with `format=csv` the whole filtered list, newest first. */
    async list(query: DepositListQuery): Promise<ListAnswer<Deposit>> {
      const { page, pageSize, format, ...filter } = query;
      if (format === 'csv') return csvFile('deposits', ctx.now(), CSV_COLUMNS, everyDeposit(ctx, filter));
      const [status, total, rows] = await Promise.all([readChainStatus(ctx), countRows(db, filter), listRows(db, filter, pageWindow({ page, pageSize }))]);
      return listPage(rows.map((row) => toDeposit(ctx, row, status)), total, { page, pageSize });
    },
  };
}
