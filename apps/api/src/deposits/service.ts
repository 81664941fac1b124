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
import { pageWindow } from '../shared/pagination';
import { pageClause, SqlFilter, whereDays } from '../shared/sql-filter';
import { ensureDepositAddress } from './addresses';
import { describeChainError, readChainStatus } from './watcher';

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

const SELECT = `SELECT d.id, d.member_id, u.username, d.address, d.from_address, d.amount::text, d.status, d.tx_hash, d.log_index,
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

function adminFilter(query: Omit<DepositListQuery, 'page' | 'pageSize' | 'format'> & { memberId?: number; maxId?: number }): SqlFilter {
  const filter = new SqlFilter();
  if (query.memberId !== undefined) filter.where(`d.member_id = ${filter.param(query.memberId)}`);
  if (query.member) filter.where(`lower(u.username) = lower(${filter.param(query.member)})`);
  if (query.status) filter.where(`d.status = ${filter.param(query.status)}`);
  whereDays(filter, 'd.seen_at', query.from, query.to);
  if (query.maxId !== undefined) filter.where(`d.id <= ${filter.param(query.maxId)}`);
  return filter;
}

async function listRows(sql: Sql, filter: SqlFilter, window: { limit: number; offset: number }): Promise<DepositRow[]> {
  const { rows } = await sql.query<DepositRow>(`${SELECT} ${filter.sql} ORDER BY d.id DESC ${pageClause(filter, window)}`, filter.params);
  return rows;
}

async function countRows(sql: Sql, filter: SqlFilter): Promise<number> {
  const { rows } = await sql.query<{ total: number }>(`SELECT count(*)::int AS total FROM deposits d JOIN users u ON u.id = d.member_id ${filter.sql}`, filter.params);
  return rows[0]!.total;
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
      const filter = () => adminFilter({ memberId, member: undefined, status: query.status });
      const window = pageWindow(query);
      const [status, total, rows, balance] = await Promise.all([
        readChainStatus(ctx),
        countRows(db, filter()),
        listRows(db, filter(), window),
        db.query<{ balance: string }>(`SELECT balance::text FROM ledger_accounts WHERE owner_id = $1 AND wallet = 'deposit'`, [memberId]),
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

    async list(query: DepositListQuery) {
      const { page, pageSize, format: _format, ...rest } = query;
      const window = pageWindow({ page, pageSize });
      const [status, total, rows] = await Promise.all([readChainStatus(ctx), countRows(db, adminFilter(rest)), listRows(db, adminFilter(rest), window)]);
      return { items: rows.map((row) => toDeposit(ctx, row, status)), total, page, pageSize };
    },

    /** Every deposit of the filter, newest first, for the CSV (a fixed set while new ones arrive). */
    async *all(query: DepositListQuery): AsyncGenerator<Deposit> {
      const { page: _p, pageSize: _s, format: _f, ...rest } = query;
      const status = await readChainStatus(ctx);
      const max = await db.query<{ id: number | null }>('SELECT max(id)::int AS id FROM deposits');
      let maxId = max.rows[0]?.id ?? 0;
      for (;;) {
        const filter = adminFilter({ ...rest, maxId });
        const rows = await listRows(db, filter, { limit: 1000, offset: 0 });
        for (const row of rows) yield toDeposit(ctx, row, status);
        if (rows.length < 1000) return;
        maxId = Number(rows[rows.length - 1]!.id) - 1;
      }
    },
  };
}
