import { endpoint } from '../endpoint';
import type { ApiErrorCode } from '../errors';
import { pageQuerySchema } from '../common';
import { idParamSchema } from '../ids';
import { idempotencyHeadersSchema } from '../ledger';
import { screeningReasonBodySchema } from '../screening';
import { idempotencyErrors } from './shared-errors';
import {
  chainWalletsQuerySchema,
  chainWalletsSchema,
  consolidationPageSchema,
  consolidationSchema,
  depositAddressSchema,
  depositListQuerySchema,
  depositPageSchema,
  depositSchema,
  myDepositsQuerySchema,
  myDepositsSchema,
  depositRecoverySchema,
  recoverDepositSchema,
  rescanPageSchema,
  rescanSchema,
  startRescanSchema,
} from '../deposits';

/**
 * What every deposits endpoint may answer: the portal runs without a chain or the chain does not answer
 * (apps/api/src/deposits/require-chain.ts), or sweeping is not configured (apps/api/src/deposits/sweep-deposit-addresses.ts).
 */
const chainErrors = ['CHAIN_UNAVAILABLE', 'CONSOLIDATION_UNAVAILABLE'] as const satisfies readonly ApiErrorCode[];

/**
 * A deposit recovered by its transaction hash, for a member (their own address) or an admin (any)
 * (apps/api/src/deposits/recover-deposit.ts): one input, one answer. A hash that is not a deposit is
 * 422 with the reason on the `txHash` field; an answer (credited, already credited, not final yet) is 200.
 */
const recovery = <const Path extends string, const Tag extends string>(path: Path, tag: Tag, summary: string) =>
  ({
    method: 'POST',
    path,
    body: recoverDepositSchema,
    status: 200,
    answer: depositRecoverySchema,
    errors: ['CHAIN_UNAVAILABLE', 'TRANSACTION_NOT_MINED', 'NO_TOKEN_TRANSFER', 'NOT_A_DEPOSIT_ADDRESS'],
    tags: [tag],
    summary,
  }) as const;

/** `/api/admin/chain`, `/api/admin/consolidations`, `/api/admin/deposits`, `/api/admin/deposit-rescans`, `/api/deposits` */
export const deposits = {
  address: endpoint({
    method: 'GET',
    path: '/deposits/address',
    status: 200,
    answer: depositAddressSchema,
    errors: chainErrors,
    tags: ['deposits'],
    summary: 'Your BEP20 deposit address, its token and network, the minimum credited',
  }),
  list: endpoint({
    method: 'GET',
    path: '/deposits',
    query: myDepositsQuerySchema,
    status: 200,
    answer: myDepositsSchema,
    errors: chainErrors,
    tags: ['deposits'],
    summary:
      'Your deposits with their confirmations, your deposit wallet balance and the chain status (poll it for live status)',
  }),
  recover: endpoint(
    recovery(
      '/deposits/recover',
      'deposits',
      'A deposit to your address that is not shown, by its transaction hash: recorded and credited once final (exactly once), or why not',
    ),
  ),
  adminList: endpoint({
    method: 'GET',
    path: '/admin/deposits',
    twoFactor: false,
    query: depositListQuerySchema,
    status: 200,
    answer: depositPageSchema,
    errors: chainErrors,
    tags: ['admin'],
    summary: 'All deposits (filters: member, status, dates; `format=csv`)',
  }),
  adminCreditHeld: endpoint({
    method: 'POST',
    path: '/admin/deposits/:id/credit',
    twoFactor: true,
    params: idParamSchema,
    headers: idempotencyHeadersSchema,
    status: 200,
    answer: depositSchema,
    errors: ['DEPOSIT_NOT_FOUND', 'DEPOSIT_NOT_HELD', 'TWO_FACTOR_REQUIRED', ...idempotencyErrors],
    tags: ['admin'],
    summary:
      "Credit a deposit held because its sender is on the screening list: once, to the member's deposit wallet (accepts Idempotency-Key)",
  }),
  adminRejectHeld: endpoint({
    method: 'POST',
    path: '/admin/deposits/:id/reject',
    twoFactor: true,
    params: idParamSchema,
    body: screeningReasonBodySchema,
    status: 200,
    answer: depositSchema,
    errors: ['DEPOSIT_NOT_FOUND', 'DEPOSIT_NOT_HELD', 'TWO_FACTOR_REQUIRED'],
    tags: ['admin'],
    summary: 'Reject a held deposit with a reason: it stays recorded, never credited (the reconciliation shows it)',
  }),
  adminRecover: endpoint({
    ...recovery(
      '/admin/deposits/recover',
      'admin',
      'A deposit to any deposit address, by its transaction hash: recorded and credited once final (exactly once, audited), or why not',
    ),
    twoFactor: true,
  }),
  adminRescans: endpoint({
    method: 'GET',
    path: '/admin/deposit-rescans',
    twoFactor: false,
    query: pageQuerySchema,
    status: 200,
    answer: rescanPageSchema,
    errors: [],
    tags: ['admin'],
    summary: 'Block-range rescans, newest first, each with its progress (blocks read, deposits found, credited, held)',
  }),
  adminRescan: endpoint({
    method: 'GET',
    path: '/admin/deposit-rescans/:id',
    twoFactor: false,
    params: idParamSchema,
    status: 200,
    answer: rescanSchema,
    errors: ['RESCAN_NOT_FOUND'],
    tags: ['admin'],
    summary: 'One rescan and its progress (poll it while it runs)',
  }),
  adminStartRescan: endpoint({
    method: 'POST',
    path: '/admin/deposit-rescans',
    twoFactor: true,
    body: startRescanSchema,
    status: 201,
    answer: rescanSchema,
    errors: [
      'CHAIN_UNAVAILABLE',
      'RESCAN_RANGE_INVALID',
      'RESCAN_RANGE_TOO_LARGE',
      'RESCAN_NOT_FINAL',
      'RESCAN_RUNNING',
    ],
    tags: ['admin'],
    summary:
      'Rescan final blocks from..to (at most 100,000) for deposits the watcher never read: recorded and credited exactly once, in the background (audited; one at a time, 409 RESCAN_RUNNING while another runs)',
  }),
  adminCancelRescan: endpoint({
    method: 'POST',
    path: '/admin/deposit-rescans/:id/cancel',
    twoFactor: true,
    params: idParamSchema,
    status: 200,
    answer: rescanSchema,
    errors: ['RESCAN_NOT_FOUND', 'RESCAN_NOT_RUNNING'],
    tags: ['admin'],
    summary: 'Stop a running rescan after its current chunk (what it credited stays credited; audited)',
  }),
  adminConsolidations: endpoint({
    method: 'GET',
    path: '/admin/consolidations',
    twoFactor: false,
    query: pageQuerySchema,
    status: 200,
    answer: consolidationPageSchema,
    errors: chainErrors,
    tags: ['admin'],
    summary: 'Consolidations with their transactions, and the total swept',
  }),
  adminConsolidate: endpoint({
    method: 'POST',
    path: '/admin/consolidations',
    twoFactor: true,
    status: 201,
    answer: consolidationSchema,
    errors: [...chainErrors, 'CONSOLIDATION_RUNNING', 'SIGNER_UNAVAILABLE', 'TWO_FACTOR_REQUIRED'],
    tags: ['admin'],
    summary:
      'Sweep every deposit address holding at least the threshold to the treasury (resumes one left running; one at a time, 409 CONSOLIDATION_RUNNING while another runs)',
  }),
  adminChainWallets: endpoint({
    method: 'GET',
    path: '/admin/chain/wallets',
    twoFactor: false,
    query: chainWalletsQuerySchema,
    status: 200,
    answer: chainWalletsSchema,
    errors: chainErrors,
    tags: ['admin'],
    summary:
      'Treasury, gas, hot wallet and deposit addresses with on-chain balances; the reconciliation of the ledger against the chain',
  }),
};
