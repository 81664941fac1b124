import { fromBaseUnits, toBaseUnits } from '@portal/contract';
import { insufficientBalance } from '../ledger/post';
import { unprocessable } from '../shared/errors';

/** What the words of a refusal name: the request's receiver and amount, and the minimum it was priced against. */
export interface RefusedTransfer {
  toUsername: string;
  amount?: string;
  minimum?: bigint;
}

/**
 * A transfer's refusal in words, whoever met it: the code (and detail) of
 * apps/api/sql/functions/ledger_transfer_refusal.sql, asked by the receiver
 * lookup, the quote and the movement alike.
 */
export function transferRefusal(code: string, detail: string | null | undefined, refused: RefusedTransfer): Error {
  const { toUsername, amount, minimum } = refused;
  switch (code) {
    case 'RECEIVER_NOT_FOUND':
      return unprocessable('RECEIVER_NOT_FOUND', `No member has the username "${toUsername}".`, 'toUsername');
    case 'RECEIVER_IS_ROOT':
      return unprocessable(
        'RECEIVER_IS_ROOT',
        "That is the company's account, which cannot receive transfers. Send to a member.",
        'toUsername',
      );
    case 'TRANSFER_TO_SELF':
      return unprocessable('TRANSFER_TO_SELF', 'You cannot transfer to yourself.', 'toUsername');
    case 'RECEIVER_BLOCKED':
      return unprocessable(
        'RECEIVER_BLOCKED',
        `The account of "${detail}" is blocked and cannot receive transfers.`,
        'toUsername',
      );
    case 'BELOW_MINIMUM':
      return unprocessable('BELOW_MINIMUM', `The minimum transfer is ${fromBaseUnits(minimum ?? 0n)} USDT.`, 'amount');
    case 'AMOUNT_TOO_SMALL':
      return unprocessable('AMOUNT_TOO_SMALL', 'After the fee nothing would arrive. Send a larger amount.', 'amount');
    case 'INSUFFICIENT_BALANCE':
      return detail === undefined || detail === null
        ? unprocessable('INSUFFICIENT_BALANCE', 'Insufficient balance for this operation.')
        : insufficientBalance({ member: 0, wallet: 'deposit' }, BigInt(detail), toBaseUnits(amount ?? '0'));
    default:
      return new Error(`ledger_transfers refused with ${code}`);
  }
}
