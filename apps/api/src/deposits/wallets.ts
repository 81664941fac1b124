import { fromBaseUnits, toBaseUnits, type ChainWallet, type ChainWallets, type PageQuery } from '@portal/contract';
import { getAddress, type Address } from 'viem';
import type { Chain } from '../platform/chain';
import { nativeBalances, toLedgerUnits, tokenBalances } from '../platform/chain/token';
import type { AppContext } from '../context';
import { part } from '../per-process';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { systemBalance } from '../ledger/queries';
import { pageWindow } from '../shared/pagination';
import { pageClause } from '../shared/sql-list';
import { fromChain, requireChain } from './require-chain';
import { readChainStatus } from './chain-status';
import { hotWalletFunding } from './hot-wallet-funding';

/** Deposit addresses read per chunk for the reconciliation: one database page, one JSON-RPC batch of eth_calls (split by clients.ts into HTTP requests of 200). */
const RECONCILE_CHUNK = 2_000;

/** What the chain says of the issued deposit addresses at one block. */
interface Held {
  /** Raw token units at every issued deposit address. */
  sum: bigint;
  /** The addresses holding tokens (as stored, in issuing order) and their raw units. */
  holding: Map<string, bigint>;
}

interface LastRead {
  block: bigint;
  issued: number;
  total: Promise<Held>;
}

/**
 * The last read per chain (the portal's own Chain object), kept for the
 * block it was read at, in the portal's `perProcess`. Only what the chain
 * says is kept: which of the holders have a recorded deposit is the database's and is asked on every
 * call (`unrecordedAmong`), since the watcher records deposits within a
 * block (a `seen` deposit is recorded at the head, before another block).
 */
const HELD = part<Map<Chain, LastRead>>('the deposit addresses read last');

/** The raw token balance of every issued deposit address at `block`: their sum, and those holding tokens. */
function depositAddressesHold(
  ctx: AppContext,
  chain: Chain,
  token: Address,
  block: bigint,
  issued: number,
): Promise<Held> {
  const { db } = ctx;
  const heldByChain = ctx.perProcess.of(HELD, () => new Map<Chain, LastRead>());
  const held = heldByChain.get(chain);
  if (held && held.block === block && held.issued === issued) return held.total;
  const total = (async () => {
    const result: Held = { sum: 0n, holding: new Map() };
    for (let after = -1; ;) {
      const { rows } = await db.query<{ address_index: number; address: string }>(
        sql`SELECT address_index, address FROM deposit_addresses WHERE address_index > ${after} ORDER BY address_index LIMIT ${RECONCILE_CHUNK}`,
      );
      if (!rows.length) return result;
      const balances = await tokenBalances(
        chain.client,
        token,
        rows.map((r) => getAddress(r.address)),
        block,
      );
      rows.forEach((r, i) => {
        result.sum += balances[i]!;
        if (balances[i]! > 0n) result.holding.set(r.address, balances[i]!);
      });
      after = rows[rows.length - 1]!.address_index;
    }
  })();
  heldByChain.set(chain, { block, issued, total });
  total.catch(() => {
    if (heldByChain.get(chain)?.total === total) heldByChain.delete(chain); // a failed read is not kept
  });
  return total;
}

/**
 * Of the addresses holding tokens, those with no deposit recorded: their raw
 * units, how many, and the first 10 (looked up only among the holders, so
 * the cost follows them).
 */
async function unrecordedAmong(db: Sql, chainId: number, holding: Map<string, bigint>) {
  const result = {
    raw: 0n,
    count: 0,
    first: [] as Array<{ address: string; memberId: number; username: string; raw: bigint }>,
  };
  const holders = [...holding.keys()];
  for (let i = 0; i < holders.length; i += RECONCILE_CHUNK) {
    const unseen = await db.query<{ address: string; member_id: string; username: string }>(
      sql`SELECT a.address, a.member_id::text, u.username FROM deposit_addresses a JOIN users u ON u.id = a.member_id
           WHERE a.address = ANY(${holders.slice(i, i + RECONCILE_CHUNK)}::text[])
             AND NOT EXISTS (SELECT 1 FROM deposits d WHERE d.address = a.address AND d.chain_id = ${chainId} AND d.status <> 'dropped')
           ORDER BY a.address_index`,
    );
    for (const r of unseen.rows) {
      const raw = holding.get(r.address)!;
      result.raw += raw;
      result.count += 1;
      if (result.first.length < 10)
        result.first.push({ address: getAddress(r.address), memberId: Number(r.member_id), username: r.username, raw });
    }
  }
  return result;
}

/** The USDT on the portal's addresses at one block, in the ledger's base units. */
export interface Holdings {
  block: bigint;
  treasury: bigint;
  hot: bigint;
  depositAddresses: bigint;
  /** What the deposit addresses hold, in the token's raw units, by address. */
  deposited: Held;
}

/**
 * What the treasury, the hot wallet and every issued deposit address (`issued`:
 * how many, the key of what is kept per block)
 * hold, every balance read at one block so that the sum is consistent (and
 * can be kept for that block). Read by the reconciliation and the proof of
 * reserves (reserves/build-reserve-proof.ts).
 */
export async function readHoldings(ctx: AppContext, chain: Chain, decimals: number, issued: number): Promise<Holdings> {
  const token = (await chain.token()).address;
  const block = await chain.client.getBlockNumber({ cacheTime: 0 });
  const fixed = [chain.treasuryAddress, ...(chain.hotWalletAddress ? [chain.hotWalletAddress] : [])];
  const [raw, deposited] = await Promise.all([
    tokenBalances(chain.client, token, fixed, block),
    depositAddressesHold(ctx, chain, token, block, issued),
  ]);
  return {
    block,
    treasury: toLedgerUnits(raw[0]!, decimals),
    hot: chain.hotWalletAddress ? toLedgerUnits(raw[1]!, decimals) : 0n,
    depositAddresses: toLedgerUnits(deposited.sum, decimals),
    deposited,
  };
}

/**
 * The ledger against the chain: what members are owed and what the company
 * holds, against the USDT on the treasury, the hot wallet and every issued
 * deposit address. Read by the wallets page and, cached, by the metrics
 * (platform/metrics/chain-snapshot.ts).
 */
export async function reconcile(ctx: AppContext, chain: Chain, decimals: number) {
  const { db } = ctx;
  // The ledger (members' USDT wallets, the treasury account: every USDT that came in or left on chain),
  // the deposits not credited yet and the addresses issued, read in one statement: one snapshot.
  const { rows } = await db.query<{
    owed: string;
    treasury: string;
    in_flight: string;
    not_final: string;
    below: string;
    held: string;
    rejected: string;
    pending_sweeps: string;
    issued: number;
  }>(
    sql`SELECT (SELECT COALESCE(sum(balance), 0) FROM ledger_accounts WHERE kind = 'member' AND unit = 'USDT' AND wallet <> 'owed')::text AS owed,
            ${systemBalance('treasury')}::text AS treasury,
            ${systemBalance('withdrawals_in_flight')}::text AS in_flight,
            (SELECT COALESCE(sum(amount), 0) FROM deposits WHERE chain_id = ${chain.chainId} AND status = 'seen')::text AS not_final,
            (SELECT COALESCE(sum(amount), 0) FROM deposits WHERE chain_id = ${chain.chainId} AND status = 'below_minimum')::text AS below,
            (SELECT COALESCE(sum(amount), 0) FROM deposits WHERE chain_id = ${chain.chainId} AND status = 'held')::text AS held,
            (SELECT COALESCE(sum(amount), 0) FROM deposits WHERE chain_id = ${chain.chainId} AND status = 'rejected')::text AS rejected,
            (SELECT COALESCE(sum(amount), 0) FROM consolidation_txs WHERE kind = 'sweep' AND status IN ('signed', 'sent'))::text AS pending_sweeps,
            (SELECT count(*)::int FROM deposit_addresses) AS issued`,
  );
  const books = rows[0]!;
  const { treasury, hot, depositAddresses, deposited } = await readHoldings(ctx, chain, decimals, books.issued);
  const unrecorded = await unrecordedAmong(db, chain.chainId, deposited.holding);
  const owed = BigInt(books.owed);
  const expected = -BigInt(books.treasury);
  const onChain = treasury + hot + depositAddresses;
  const notFinal = BigInt(books.not_final);
  const below = BigInt(books.below);
  // From screened senders (screening/list.ts): on chain, held for an admin or rejected, in no member's wallet.
  const held = BigInt(books.held);
  const rejected = BigInt(books.rejected);
  const difference = onChain - expected;
  const unexplained = difference - notFinal - below - held - rejected;
  return {
    owedToMembers: fromBaseUnits(owed),
    companyShare: fromBaseUnits(expected - owed),
    expected: fromBaseUnits(expected),
    onChain: fromBaseUnits(onChain),
    treasury: fromBaseUnits(treasury),
    depositAddresses: fromBaseUnits(depositAddresses),
    hotWallet: fromBaseUnits(hot),
    difference: fromBaseUnits(difference),
    explained: {
      depositsNotFinal: fromBaseUnits(notFinal),
      belowMinimum: fromBaseUnits(below),
      held: fromBaseUnits(held),
      rejected: fromBaseUnits(rejected),
    },
    pendingSweeps: fromBaseUnits(BigInt(books.pending_sweeps)),
    withdrawalsInFlight: fromBaseUnits(BigInt(books.in_flight)),
    unexplained: fromBaseUnits(unexplained),
    balanced: unexplained === 0n,
    unrecorded: {
      total: fromBaseUnits(toLedgerUnits(unrecorded.raw, decimals)),
      count: unrecorded.count,
      addresses: unrecorded.first.map((a) => ({
        address: a.address,
        member: { id: a.memberId, username: a.username },
        amount: fromBaseUnits(toLedgerUnits(a.raw, decimals)),
      })),
    },
  };
}

/**
 * `/bep20-wallets`: the treasury, gas and hot wallets and the deposit
 * addresses that received deposits, with balances read from the chain in
 * one batched JSON-RPC request per page, and the reconciliation of the
 * ledger against the chain.
 *
 * The reconciliation counts the token held by EVERY issued deposit address
 * (docs/decisions/0012, "Reconciliation"), not only those with recorded
 * deposits: tokens that reached an address unseen by the watcher (sent
 * before its start block, or in blocks a node lost and the watcher never
 * read) then show as a difference. The addresses are read in chunks of
 * batched `eth_call`s (plain anvil has no Multicall3), all at one block,
 * and what they hold is kept per (block, addresses issued): views within a
 * block ask the node nothing again.
 */
export async function chainWallets(ctx: AppContext, query: PageQuery): Promise<ChainWallets> {
  const { db } = ctx;
  const chain = requireChain(ctx);
  return fromChain(chain, async () => {
    const token = await chain.token();
    const window = pageWindow(query);
    const fixed: Array<Omit<ChainWallet, 'token' | 'bnb'>> = [
      {
        role: 'treasury',
        label: 'Treasury',
        address: chain.treasuryAddress,
        member: null,
        explorerUrl: chain.explorerAddress(chain.treasuryAddress),
      },
      ...(chain.gasWalletAddress
        ? [
            {
              role: 'gas' as const,
              label: 'Gas wallet',
              address: chain.gasWalletAddress,
              member: null,
              explorerUrl: chain.explorerAddress(chain.gasWalletAddress),
            },
          ]
        : []),
      ...(chain.hotWalletAddress
        ? [
            {
              role: 'hot' as const,
              label: 'Hot wallet (payouts)',
              address: chain.hotWalletAddress,
              member: null,
              explorerUrl: chain.explorerAddress(chain.hotWalletAddress),
            },
          ]
        : []),
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
    const hotWalletFundingState = await hotWalletFunding(ctx, chain, token, {
      hot: toBaseUnits(reconciliation.hotWallet),
      treasury: toBaseUnits(reconciliation.treasury),
    });
    return {
      items: pageRows.map((r, i) => ({
        ...r,
        token: fromBaseUnits(toLedgerUnits(tokens[i]!, token.decimals)),
        bnb: fromBaseUnits(bnb[i]!),
      })),
      total: count.rows[0]!.n + fixed.length,
      page: query.page,
      pageSize: query.pageSize,
      symbol: token.symbol,
      reconciliation,
      hotWalletFunding: hotWalletFundingState,
      chain: status,
    };
  });
}
