import { fromBaseUnits, type ChainWallet, type ChainWallets, type PageQuery } from '@portal/contract';
import { getAddress, type Address } from 'viem';
import type { Chain } from '../chain';
import { nativeBalances, toLedgerUnits, tokenBalances } from '../chain/token';
import type { AppContext } from '../context';
import { sql } from '../db/sql';
import { systemBalance } from '../ledger/queries';
import { isChainError } from '../chain/errors';
import { pageWindow } from '../shared/pagination';
import { pageClause } from '../shared/sql-list';
import { chainUnavailable, requireChain } from './service';
import { describeChainError, readChainStatus } from './chain-status';

/**
 * The ledger against the chain: what members are owed and what the company
 * holds, against the USDT on the treasury, the hot wallet and the deposit
 * addresses. Read by the wallets page and, cached, by the metrics
 * (metrics/chain-snapshot.ts).
 */
export async function reconcile(ctx: AppContext, chain: Chain, decimals: number) {
  const { db } = ctx;
  // The ledger: members' USDT wallets, and the treasury account (every USDT that came in or left on chain).
  const ledger = await db.query<{ owed: string; treasury: string; in_flight: string }>(
    sql`SELECT (SELECT COALESCE(sum(balance), 0) FROM ledger_accounts WHERE kind = 'member' AND unit = 'USDT')::text AS owed,
            ${systemBalance('treasury')}::text AS treasury,
            ${systemBalance('withdrawals_in_flight')}::text AS in_flight`,
  );
  const deposits = await db.query<{ not_final: string; below: string; pending_sweeps: string }>(
    sql`SELECT (SELECT COALESCE(sum(amount), 0) FROM deposits WHERE chain_id = ${chain.chainId} AND status = 'seen')::text AS not_final,
               (SELECT COALESCE(sum(amount), 0) FROM deposits WHERE chain_id = ${chain.chainId} AND status = 'below_minimum')::text AS below,
               (SELECT COALESCE(sum(amount), 0) FROM consolidation_txs WHERE kind = 'sweep' AND status IN ('signed', 'sent'))::text AS pending_sweeps`,
  );
  const addresses = await db.query<{ address: string }>(
    sql`SELECT DISTINCT address FROM deposits WHERE chain_id = ${chain.chainId} AND status <> 'dropped'`,
  );
  const token = (await chain.token()).address;
  const fixed = [chain.treasuryAddress, ...(chain.hotWallet ? [chain.hotWallet.address] : [])];
  const all = [...fixed, ...addresses.rows.map((r) => getAddress(r.address))];
  const raw = await tokenBalances(chain.client, token, all);
  const scaled = raw.map((b) => toLedgerUnits(b, decimals));
  const treasury = scaled[0]!;
  const hot = chain.hotWallet ? scaled[1]! : 0n;
  const depositAddresses = scaled.slice(fixed.length).reduce((a, b) => a + b, 0n);
  const owed = BigInt(ledger.rows[0]!.owed);
  const expected = -BigInt(ledger.rows[0]!.treasury);
  const onChain = treasury + hot + depositAddresses;
  const notFinal = BigInt(deposits.rows[0]!.not_final);
  const below = BigInt(deposits.rows[0]!.below);
  const difference = onChain - expected;
  const unexplained = difference - notFinal - below;
  return {
    owedToMembers: fromBaseUnits(owed),
    companyShare: fromBaseUnits(expected - owed),
    expected: fromBaseUnits(expected),
    onChain: fromBaseUnits(onChain),
    treasury: fromBaseUnits(treasury),
    depositAddresses: fromBaseUnits(depositAddresses),
    hotWallet: fromBaseUnits(hot),
    difference: fromBaseUnits(difference),
    explained: { depositsNotFinal: fromBaseUnits(notFinal), belowMinimum: fromBaseUnits(below) },
    pendingSweeps: fromBaseUnits(BigInt(deposits.rows[0]!.pending_sweeps)),
    withdrawalsInFlight: fromBaseUnits(BigInt(ledger.rows[0]!.in_flight)),
    unexplained: fromBaseUnits(unexplained),
    balanced: unexplained === 0n,
  };
}

/**
 * `/bep20-wallets`: the treasury, gas and hot wallets and the deposit
 * addresses that received deposits, with balances read from the chain in
 * one batched JSON-RPC request per page, and the reconciliation of the
 * ledger against the chain.
 */
export function createChainWalletService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async wallets(query: PageQuery): Promise<ChainWallets> {
      const chain = requireChain(ctx);
      try {
        const token = await chain.token();
        const window = pageWindow(query);
        const fixed: Array<Omit<ChainWallet, 'token' | 'bnb'>> = [
          { role: 'treasury', label: 'Treasury', address: chain.treasuryAddress, member: null, explorerUrl: chain.explorerAddress(chain.treasuryAddress) },
          ...(chain.gasWallet ? [{ role: 'gas' as const, label: 'Gas wallet', address: chain.gasWallet.address, member: null, explorerUrl: chain.explorerAddress(chain.gasWallet.address) }] : []),
          ...(chain.hotWallet ? [{ role: 'hot' as const, label: 'Hot wallet (payouts)', address: chain.hotWallet.address, member: null, explorerUrl: chain.explorerAddress(chain.hotWallet.address) }] : []),
        ];
        const [count, rows] = await Promise.all([
          db.query<{ n: number }>(sql`SELECT count(DISTINCT address)::int AS n FROM deposits`),
          db.query<{ address: string; member_id: number; username: string }>(
            sql`SELECT a.address, a.member_id, u.username FROM deposit_addresses a JOIN users u ON u.id = a.member_id
                 WHERE EXISTS (SELECT 1 FROM deposits d WHERE d.address = a.address)
                 ORDER BY a.address_index ${pageClause(window)}`,
          ),
        ]);
        const pageRows: Array<Omit<ChainWallet, 'token' | 'bnb'>> = [
          ...(query.page === 1 ? fixed : []),
          ...rows.rows.map((r) => ({
            role: 'deposit' as const,
            label: `Deposit address of ${r.username}`,
            address: getAddress(r.address),
            member: { id: Number(r.member_id), username: r.username },
            explorerUrl: chain.explorerAddress(r.address),
          })),
        ];
        const addresses = pageRows.map((r) => r.address as Address);
        const [tokens, bnb, reconciliation, status] = await Promise.all([
          tokenBalances(chain.client, token.address, addresses),
          nativeBalances(chain.client, addresses),
          reconcile(ctx, chain, token.decimals),
          readChainStatus(ctx),
        ]);
        return {
          items: pageRows.map((r, i) => ({ ...r, token: fromBaseUnits(toLedgerUnits(tokens[i]!, token.decimals)), bnb: fromBaseUnits(bnb[i]!) })),
          total: count.rows[0]!.n + fixed.length,
          page: query.page,
          pageSize: query.pageSize,
          symbol: token.symbol,
          reconciliation,
          chain: status,
        };
      } catch (error) {
        // Only the node failing is a chain outage; a database error or a bug is a 500 (chain/errors.ts).
        if (!isChainError(error)) throw error;
        throw chainUnavailable(describeChainError(chain, error));
      }
    },
  };
}
