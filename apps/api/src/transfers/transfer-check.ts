import { usernameKey, type Receiver } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { TransferPrice } from './price';
import { transferRefusal } from './refusal';

/**
 * The receiver of a transfer, or (thrown, in words) why the transfer would
 * be refused, judged by apps/api/sql/functions/ledger_transfer_refusal.sql
 * as the movement itself judges: the receiver alone, or with `priced` the
 * minimum, the fee and the sender's balance too. One round trip.
 */
export async function checkTransfer(
  db: Sql,
  senderId: number,
  request: { toUsername: string; amount?: string },
  priced?: TransferPrice,
): Promise<Receiver> {
  const { rows } = await db.query<{
    refused: string | null;
    detail: string | null;
    receiver_username: string;
    receiver_full_name: string;
  }>(
    sql`SELECT refused, detail, receiver_username, receiver_full_name
      FROM ledger_transfer_refusal(${senderId}, ${usernameKey(request.toUsername)}, ${priced?.amount.toString() ?? null}::numeric,
                                   ${priced?.fee.toString() ?? null}::numeric, ${priced?.minimum.toString() ?? null}::numeric)`,
  );
  const verdict = rows[0]!;
  if (verdict.refused !== null)
    throw transferRefusal(verdict.refused, verdict.detail, { ...request, minimum: priced?.minimum });
  return { username: verdict.receiver_username, fullName: verdict.receiver_full_name };
}
