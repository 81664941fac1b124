import { fromBaseUnits, type Clawback } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { postEntry, type PostingLine } from '../ledger/post';

export interface ClawbackInput {
  refundId: number;
  purchaseId: number;
  /** "Cancellation of carol's Gold (purchase #3)": named on every line's entry. */
  memo: string;
  actorId: number;
  /** What each member gives back: the referral bonus the purchase paid them… */
  referral: Map<number, bigint>;
  /** …and the matching paid less what the recomputed closes pay (refunds/recompute-matching.ts). */
  matching: Map<number, bigint>;
}

/**
 * The bonuses a purchase paid, given back in one entry: each member's total
 * comes out of their income wallet as far as it goes, and the rest is owed
 * (their 'owed' account goes below zero by it: ledger/accounts.ts); the
 * bonus expense falls by the whole. A negative total (the recomputation pays
 * more) is credited. The income wallets are locked before they are read.
 */
export async function clawBack(tx: Sql, input: ClawbackInput): Promise<Clawback[]> {
  const members = [...new Set([...input.referral.keys(), ...input.matching.keys()])].sort((a, b) => a - b);
  const totals = members
    .map((member) => ({
      member,
      referral: input.referral.get(member) ?? 0n,
      matching: input.matching.get(member) ?? 0n,
    }))
    .filter((m) => m.referral + m.matching !== 0n);
  if (totals.length === 0) return [];
  const { rows } = await tx.query<{ owner_id: number; balance: string; username: string }>(
    sql`SELECT a.owner_id, a.balance::text AS balance, u.username
          FROM ledger_accounts a JOIN users u ON u.id = a.owner_id
         WHERE a.owner_id = ANY(${totals.map((t) => t.member)}::bigint[]) AND a.wallet = 'income'
         ORDER BY a.id FOR NO KEY UPDATE OF a`,
  );
  const income = new Map(
    rows.map((row) => [Number(row.owner_id), { balance: BigInt(row.balance), username: row.username }]),
  );
  const lines: PostingLine[] = [];
  const clawbacks = totals.map(({ member, referral, matching }) => {
    const total = referral + matching;
    const held = income.get(member)?.balance ?? 0n;
    const taken = total > 0n && total > held ? held : total;
    const owed = total - taken;
    if (taken !== 0n) lines.push({ account: { member, wallet: 'income' }, amount: -taken });
    if (owed !== 0n) lines.push({ account: { member, wallet: 'owed' }, amount: -owed });
    return { member, username: income.get(member)?.username ?? '', referral, matching, taken, owed };
  });
  const total = clawbacks.reduce((sum, c) => sum + c.referral + c.matching, 0n);
  lines.push({ account: { system: 'bonus_expense' }, amount: total });
  await postEntry(tx, {
    type: 'clawback',
    lines,
    memo: input.memo,
    actorId: input.actorId,
    refs: { purchaseId: input.purchaseId, refundId: input.refundId },
  });
  await tx.query(
    sql`INSERT INTO refund_clawbacks (refund_id, member_id, referral, matching, taken, owed)
        SELECT ${input.refundId}, u.member_id, u.referral, u.matching, u.taken, u.owed
          FROM unnest(${clawbacks.map((c) => c.member)}::bigint[], ${clawbacks.map((c) => c.referral.toString())}::numeric[],
                      ${clawbacks.map((c) => c.matching.toString())}::numeric[], ${clawbacks.map((c) => c.taken.toString())}::numeric[],
                      ${clawbacks.map((c) => c.owed.toString())}::numeric[]) AS u (member_id, referral, matching, taken, owed)`,
  );
  return clawbacks.map((c) => ({
    memberId: c.member,
    username: c.username,
    referral: fromBaseUnits(c.referral),
    matching: fromBaseUnits(c.matching),
    taken: fromBaseUnits(c.taken),
    owed: fromBaseUnits(c.owed),
  }));
}
