import { z } from 'zod';
import { pageOf } from './common';
import { dayFilterSchema, listFormatSchema, listQuery, searchSchema } from './lists';
import { moneySchema } from './money';
import { text } from './text';
import { hotWalletFundingSchema } from './hot-wallet';

/** BEP20 deposits (PRODUCT.md §6). */

export const NETWORK_NAME = 'BNB Smart Chain (BEP20)';

export const depositStatuses = ['seen', 'credited', 'dropped', 'below_minimum', 'held', 'rejected'] as const;
export const depositStatusSchema = z.enum(depositStatuses, {
  error: () => `status must be one of: ${depositStatuses.join(', ')}`,
});
export type DepositStatus = z.infer<typeof depositStatusSchema>;

export const DEPOSIT_STATUS_LABELS: Record<DepositStatus, string> = {
  seen: 'Seen, waiting for finality',
  credited: 'Credited',
  dropped: 'Dropped (reorganised away)',
  below_minimum: 'Below minimum, not credited',
  held: 'Held for review',
  rejected: 'Rejected, not credited',
};

/**
 * The last time the node stood below the watcher's cursor (`behind`) or held
 * other blocks than the ones the watcher had read (`changed`), in words
 * (docs/decisions/0012-evm-node-and-deposit-watcher.md). Shown while
 * unresolved, and for a day after.
 */
export const chainStallSchema = z.object({
  reason: z.enum(['behind', 'changed']),
  /** What happened and what the operator should do. */
  message: z.string(),
  since: z.iso.datetime(),
  /** The last block the watcher had read when it happened. */
  cursorBlock: z.string(),
  /** The block it reads again from; null when none of the blocks it recorded is on the node's chain (it waits). */
  rescanFrom: z.string().nullable(),
  /** When the watcher passed `cursorBlock` again on the node's chain; null while it waits. */
  resolvedAt: z.iso.datetime().nullable(),
});
export type ChainStall = z.infer<typeof chainStallSchema>;

/** The chain as the watcher last saw it. */
export const chainStatusSchema = z.object({
  /** `stalled`: the node is behind the watcher's cursor or its chain changed under it (see `stall`). */
  status: z.enum(['ok', 'lagging', 'stalled', 'unreachable', 'starting', 'off']),
  chainId: z.number().int().nullable(),
  latestBlock: z.string().nullable(),
  finalBlock: z.string().nullable(),
  /** The next block the watcher credits from. */
  scannedTo: z.string().nullable(),
  finality: z.enum(['finalized', 'confirmations']).nullable(),
  checkedAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  stall: chainStallSchema.nullable(),
});
export type ChainStatus = z.infer<typeof chainStatusSchema>;

export const depositAddressSchema = z.object({
  address: z.string(),
  /** For the QR code: `ethereum:<token>@<chainId>/transfer?address=<address>`. */
  uri: z.string(),
  token: z.object({ symbol: z.string(), address: z.string(), decimals: z.number().int() }),
  network: z.string(),
  chainId: z.number().int(),
  minimum: moneySchema,
  explorerUrl: z.string().nullable(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;

export const depositSchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), username: z.string() }),
  address: z.string(),
  fromAddress: z.string(),
  amount: moneySchema,
  status: depositStatusSchema,
  txHash: z.string(),
  logIndex: z.number().int(),
  blockNumber: z.string(),
  confirmations: z.number().int(),
  confirmationsNeeded: z.number().int(),
  seenAt: z.iso.datetime(),
  creditedAt: z.iso.datetime().nullable(),
  explorerUrl: z.string().nullable(),
  /** Why a `held` deposit waits for an admin (its sender is on the screening list); null for members and for the others. */
  holdReason: z.string().nullable(),
  /** The admin's decision on a held deposit (credited or rejected); null for members and for the others. */
  decision: z.object({ by: z.string().nullable(), at: z.iso.datetime(), note: z.string().nullable() }).nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositPageSchema = pageOf(depositSchema);

export const myDepositsQuerySchema = listQuery({ status: depositStatusSchema.optional() });
export type MyDepositsQuery = z.infer<typeof myDepositsQuerySchema>;

/** The member's deposits with the deposit wallet's balance (the live page polls this). */
export const myDepositsSchema = depositPageSchema.extend({ balance: moneySchema, chain: chainStatusSchema });
export type MyDeposits = z.infer<typeof myDepositsSchema>;

/** A deposit the watcher did not record (sent before its start block, in blocks it never read), asked for by its transaction. */
export const recoverDepositSchema = z.object({
  txHash: text({ error: 'Transaction hash is required' }, { label: 'Transaction hash' })
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'Transaction hash must be 0x followed by 64 hexadecimal digits')
    .transform((hash) => hash.toLowerCase()),
});
export type RecoverDepositInput = z.input<typeof recoverDepositSchema>;

export const depositRecoveryOutcomes = [
  'credited',
  'already_credited',
  'below_minimum',
  'held',
  'rejected',
  'not_final',
] as const;

/**
 * What a recovery did: `credited` now; `already_credited` before (nothing
 * moved again); `below_minimum` recorded, not credited; `held` recorded and
 * held for an admin's decision (the sender is on the screening list);
 * `rejected` so decided by an admin; `not_final` nothing
 * recorded yet, `blocksToWait` more blocks, and whether the watcher will
 * credit it by itself once final (`watcherWillCredit`) or it must be asked
 * again. The refusals (not mined, no transfer of the token, no deposit
 * address) are errors.
 */
export const depositRecoverySchema = z.object({
  outcome: z.enum(depositRecoveryOutcomes),
  /** The outcome in words, for the form's feedback. */
  message: z.string(),
  blocksToWait: z.number().int().nullable(),
  watcherWillCredit: z.boolean().nullable(),
  /** The transaction's deposits (one per transfer to a deposit address), as recorded; none while not final and unrecorded. */
  deposits: z.array(depositSchema),
});
export type DepositRecovery = z.infer<typeof depositRecoverySchema>;

export const depositListQuerySchema = listQuery({
  member: searchSchema,
  status: depositStatusSchema.optional(),
  from: dayFilterSchema.optional(),
  to: dayFilterSchema.optional(),
  format: listFormatSchema,
});
export type DepositListQuery = z.infer<typeof depositListQuerySchema>;

export const consolidationTxSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['gas_topup', 'sweep']),
  fromAddress: z.string(),
  toAddress: z.string(),
  amount: moneySchema,
  unit: z.enum(['USDT', 'BNB']),
  nonce: z.number().int(),
  txHash: z.string(),
  status: z.enum(['signed', 'sent', 'confirmed', 'failed']),
  explorerUrl: z.string().nullable(),
});
export type ConsolidationTx = z.infer<typeof consolidationTxSchema>;

export const consolidationSchema = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'completed', 'failed']),
  startedBy: z.string().nullable(),
  threshold: moneySchema,
  addresses: z.number().int(),
  totalSwept: moneySchema,
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
  transactions: z.array(consolidationTxSchema),
});
export type Consolidation = z.infer<typeof consolidationSchema>;
export const consolidationPageSchema = pageOf(consolidationSchema).extend({ totalSwept: moneySchema });
export type ConsolidationPage = z.infer<typeof consolidationPageSchema>;

export const chainWalletSchema = z.object({
  role: z.enum(['treasury', 'gas', 'hot', 'deposit']),
  label: z.string(),
  address: z.string(),
  member: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  token: moneySchema,
  bnb: moneySchema,
  explorerUrl: z.string().nullable(),
});
export type ChainWallet = z.infer<typeof chainWalletSchema>;

export const chainWalletsQuerySchema = listQuery({});

export const reconciliationSchema = z.object({
  /** What the ledger owes members in USDT (their deposit and income wallets). */
  owedToMembers: moneySchema,
  /** The company's own USDT in the ledger (revenue, fees, less bonuses and adjustments) and withdrawals in flight. */
  companyShare: moneySchema,
  /** owedToMembers + companyShare: the USDT the ledger says came in on chain and has not left (its treasury account). */
  expected: moneySchema,
  /** Treasury + deposit addresses + hot wallet, read from the chain. */
  onChain: moneySchema,
  treasury: moneySchema,
  depositAddresses: moneySchema,
  hotWallet: moneySchema,
  /** onChain - expected. */
  difference: moneySchema,
  explained: z.object({
    /** Seen on chain, not yet final, so not in the ledger yet. */
    depositsNotFinal: moneySchema,
    /** Recorded below the minimum: on chain, never credited. */
    belowMinimum: moneySchema,
    /** From a sender on the screening list, waiting for an admin's decision: on chain, not credited yet. */
    held: moneySchema,
    /** From a screened sender, rejected by an admin: on chain, never credited. */
    rejected: moneySchema,
  }),
  /** For information: sweeps sent and not yet confirmed (they move tokens between addresses counted above). */
  pendingSweeps: moneySchema,
  /** For information: withdrawals debited from members and not yet paid on chain (inside `expected`). */
  withdrawalsInFlight: moneySchema,
  /** difference - the explained parts; anything but zero is flagged. */
  unexplained: moneySchema,
  balanced: z.boolean(),
  /**
   * For finding a difference: issued deposit addresses that hold tokens but
   * have no deposit recorded (sent before the watcher's start block, or in
   * blocks it never read), their sum and the first 10 of them.
   */
  unrecorded: z.object({
    total: moneySchema,
    count: z.number().int(),
    addresses: z.array(
      z.object({
        address: z.string(),
        member: z.object({ id: z.number().int(), username: z.string() }),
        amount: moneySchema,
      }),
    ),
  }),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const chainWalletsSchema = pageOf(chainWalletSchema).extend({
  symbol: z.string(),
  reconciliation: reconciliationSchema,
  /** Null where the portal has no hot wallet (HOT_WALLET_KEY). */
  hotWalletFunding: hotWalletFundingSchema.nullable(),
  chain: chainStatusSchema,
});
export type ChainWallets = z.infer<typeof chainWalletsSchema>;

/** The most blocks one rescan may cover (apps/api/src/deposits/rescan/start.ts). */
export const RESCAN_MAX_BLOCKS = 100_000;

/** A block number as typed: whole, in decimal digits (at most 18, so it stays inside PostgreSQL's bigint). */
const blockNumberSchema = (label: string) =>
  text({ error: `${label} is required` }, { label })
    .trim()
    .regex(/^(0|[1-9][0-9]{0,17})$/, `${label} must be a block number: a whole number in decimal digits`)
    .meta({ description: `${label}, a block number in decimal digits`, example: '41250000' });

/** An admin's rescan of final blocks `fromBlock`..`toBlock` (both included) for deposits the watcher never read. */
export const startRescanSchema = z.object({
  fromBlock: blockNumberSchema('From block'),
  toBlock: blockNumberSchema('To block'),
});
export type StartRescanInput = z.input<typeof startRescanSchema>;

export const rescanStatuses = ['running', 'done', 'failed', 'cancelled'] as const;

/**
 * A rescan and its progress: `nextBlock` is the first block not read yet
 * (committed with each chunk), so `blocksDone` of `blocksTotal` are read.
 * `found` counts the transfers to deposit addresses it read (also those
 * recorded before); `credited`, `held` and `belowMinimum` what it recorded
 * itself: a deposit credited before is never credited again.
 */
export const rescanSchema = z.object({
  id: z.number().int(),
  status: z.enum(rescanStatuses),
  fromBlock: z.string(),
  toBlock: z.string(),
  nextBlock: z.string(),
  blocksDone: z.number().int(),
  blocksTotal: z.number().int(),
  found: z.number().int(),
  credited: z.number().int(),
  held: z.number().int(),
  belowMinimum: z.number().int(),
  startedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  /** Why it failed, or the last error of a chunk it retries (the chain not answering). */
  error: z.string().nullable(),
});
export type Rescan = z.infer<typeof rescanSchema>;
export const rescanPageSchema = pageOf(rescanSchema);
export type RescanPage = z.infer<typeof rescanPageSchema>;
