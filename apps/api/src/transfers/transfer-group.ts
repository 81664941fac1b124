import type { Transfer } from '@portal/contract';
import type { Sql } from '../db/database';
import { sql } from '../db/sql';
import type { StoredKey } from '../ledger/idempotency';
import { runUnderSettingsInForce } from '../settings/service';
import type { TransferResult } from './answer';
import { transferPrice } from './price';

/** A transfer as it goes to `ledger_transfers`: amounts in base units, the receiver by username key. */
export interface TransferRequest {
  senderId: number;
  sessionId: string | null;
  toUsername: string;
  amount: bigint;
  key: string | null;
  hash: string | null;
}

/** One transfer's outcome: done, a repeated key's stored answer, or refused (with the minimum it was priced against). */
export type TransferOutcome =
  | { replayed: false; response: TransferResult }
  | StoredKey<TransferResult | Transfer>
  | { refused: string; detail?: string | null; minimum: bigint };

/**
 * Runs a group of transfers in one statement (`ledger_transfers`,
 * apps/api/sql/functions/ledger_transfers.sql), each priced under the
 * settings in force; the group commit of apps/api/src/money-groups.ts
 * gathers them (docs/decisions/0025-group-commit-for-the-hot-money-paths.md).
 */
export function runTransferGroup(db: Sql) {
  return (requests: TransferRequest[]): Promise<TransferOutcome[]> =>
    runUnderSettingsInForce(db, async (known) => {
      const priced = requests.map((r) => ({ request: r, ...transferPrice(r.amount, known.settings) }));
      const group = priced.map(({ request, amount, fee, minimum }) => ({
        sender: request.senderId,
        session: request.sessionId,
        to: request.toUsername,
        amount: amount.toString(),
        fee: fee.toString(),
        minimum: minimum.toString(),
        key: request.key,
        hash: request.hash,
      }));
      const { rows } = await db.query<{ outcomes: TransferOutcome[] }>(
        sql`SELECT ledger_transfers(${JSON.stringify(group)}::jsonb, ${known.version}::uuid) AS outcomes`,
      );
      return rows[0]!.outcomes.map((outcome, i) => ('refused' in outcome ? { ...outcome, minimum: priced[i]!.minimum } : outcome));
    });
}
