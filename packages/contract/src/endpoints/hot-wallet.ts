import { endpoint } from '../endpoint';
import { capitalBodySchema, capitalBookingSchema, treasuryMoveBodySchema, treasuryMoveSchema } from '../hot-wallet';
import { idempotencyHeadersSchema } from '../ledger';
import { idempotencyErrors } from './shared-errors';

/** `/api/admin/hot-wallet`: funding the hot wallet that pays withdrawals (its state is on `/admin/chain/wallets`). */
export const hotWallet = {
  adminMoveFromTreasury: endpoint({
    method: 'POST',
    path: '/admin/hot-wallet/moves',
    twoFactor: true,
    body: treasuryMoveBodySchema,
    headers: idempotencyHeadersSchema,
    status: 201,
    answer: treasuryMoveSchema,
    errors: [
      'CHAIN_UNAVAILABLE',
      'SIGNER_UNAVAILABLE',
      'TREASURY_COLD',
      'PAYOUTS_NOT_CONFIGURED',
      'TREASURY_SHORT',
      'AMOUNT_TOO_PRECISE',
      'TWO_FACTOR_REQUIRED',
      ...idempotencyErrors,
    ],
    tags: ['admin'],
    summary:
      "Move USDT from the treasury to the hot wallet, signed with the treasury's key where the portal holds it (recorded before it is sent; audited; accepts Idempotency-Key)",
  }),
  adminBookCapital: endpoint({
    method: 'POST',
    path: '/admin/hot-wallet/capital',
    twoFactor: true,
    body: capitalBodySchema,
    headers: idempotencyHeadersSchema,
    status: 201,
    answer: capitalBookingSchema,
    errors: ['CHAIN_UNAVAILABLE', 'TWO_FACTOR_REQUIRED', ...idempotencyErrors],
    tags: ['admin'],
    summary:
      "Book USDT an operator sent to the portal's wallets from an outside address as the company's capital, so that the reconciliation explains it (audited; accepts Idempotency-Key)",
  }),
};
