import { wallets, type RefundKind, type Wallet } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import type { StatementPeriod } from './month';
import type { MatchingFigures } from '../bonuses/list';

/**
 * The reads behind a statement, each bounded to one member by an index:
 * their accounts by `ledger_accounts_owner_wallet_key`, the accounts'
 * postings by `postings_account_idx`, entries by primary key, matching
 * records by `matching_bonuses_member_idx` (member_id, close_date). An
 * entry's time is its `created_at` (apps/api/migrations/0002_ledger.sql),
 * so a posting belongs to the month its entry was stamped in.
 */
const MEMBER_POSTINGS = sql`ledger_accounts a
  JOIN postings p ON p.account_id = a.id
  JOIN journal_entries e ON e.id = p.entry_id`;

export interface WalletSums {
  opening: bigint;
  credits: bigint;
  /** What went out, as a positive amount. */
  debits: bigint;
}

/**
 * Each wallet's sums: everything before the month (the opening balance), and
 * the month's credits and debits. Sums of postings rather than a posting's
 * `balance_after`, because entries are stamped when their transaction began
 * and may commit (and take their posting ids) out of that order: the sums
 * put every posting on exactly one side of the bound.
 */
export async function walletSums(db: Sql, memberId: number, period: StatementPeriod): Promise<Map<Wallet, WalletSums>> {
  const { rows } = await db.query<{ wallet: Wallet; opening: string; credits: string; debits: string }>(
    sql`SELECT a.wallet,
               COALESCE(sum(p.amount) FILTER (WHERE e.created_at < ${period.from}), 0)::text AS opening,
               COALESCE(sum(p.amount) FILTER (WHERE e.created_at >= ${period.from} AND p.amount > 0), 0)::text AS credits,
               COALESCE(-sum(p.amount) FILTER (WHERE e.created_at >= ${period.from} AND p.amount < 0), 0)::text AS debits
          FROM ${MEMBER_POSTINGS}
         WHERE a.owner_id = ${memberId} AND e.created_at < ${period.to}
         GROUP BY a.wallet`,
  );
  const zero = { opening: 0n, credits: 0n, debits: 0n };
  const byWallet = new Map(rows.map((row) => [row.wallet, row]));
  return new Map(
    wallets.map((wallet) => {
      const row = byWallet.get(wallet);
      return [
        wallet,
        row ? { opening: BigInt(row.opening), credits: BigInt(row.credits), debits: BigInt(row.debits) } : zero,
      ];
    }),
  );
}

export interface IncomeRow {
  day: string;
  type: string;
  count: number;
  amount: bigint;
}

/** The month's credits of the income wallet by UTC day and entry type (those of `types`). */
export async function incomeByDay(
  db: Sql,
  memberId: number,
  period: StatementPeriod,
  types: readonly string[],
): Promise<IncomeRow[]> {
  const { rows } = await db.query<{ day: string; type: string; count: number; amount: string }>(
    sql`SELECT to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, e.type,
               count(*)::int AS count, sum(p.amount)::text AS amount
          FROM ${MEMBER_POSTINGS}
         WHERE a.owner_id = ${memberId} AND a.wallet = 'income' AND p.amount > 0
           AND e.type IN (${sql.join(types.map((type) => sql`${type}`))})
           AND e.created_at >= ${period.from} AND e.created_at < ${period.to}
         GROUP BY 1, 2
         ORDER BY 1, 2`,
  );
  return rows.map((row) => ({ day: row.day, type: row.type, count: row.count, amount: BigInt(row.amount) }));
}

export interface MatchingRow extends MatchingFigures {
  /** The UTC day the paid bonus reached the income wallet (the close's entry, or its pay for a reviewed close), "being reviewed" until a reviewed close is paid, null when nothing was paid. */
  credited_on: string | null;
}

/** The member's matching records of the days closed in the month, by close date. */
export async function matchingDays(db: Sql, memberId: number, period: StatementPeriod): Promise<MatchingRow[]> {
  const { rows } = await db.query<MatchingRow>(
    sql`SELECT to_char(b.close_date, 'YYYY-MM-DD') AS close_date, b.left_volume::text AS left_volume,
               b.right_volume::text AS right_volume, b.matched::text AS matched, b.rate, b.earned::text AS earned,
               b.daily_cap::text AS daily_cap, b.paid::text AS paid, b.flushed::text AS flushed,
               b.carry_left::text AS carry_left, b.carry_right::text AS carry_right,
               -- A reviewed close credits when an admin pays it (matching_close_payments, migration 0034); until then it is being reviewed.
               CASE WHEN r.close_date IS NOT NULL THEN 'being reviewed'
                    ELSE to_char(COALESCE(e.created_at, cp.paid_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') END AS credited_on
          FROM matching_bonuses b LEFT JOIN journal_entries e ON e.id = b.entry_id
          LEFT JOIN matching_close_payments cp ON cp.close_date = b.close_date
          LEFT JOIN matching_closes_in_review r ON r.close_date = b.close_date
         WHERE b.member_id = ${memberId}
           AND b.close_date >= ${period.from.toISOString().slice(0, 10)}::date
           AND b.close_date < ${period.to.toISOString().slice(0, 10)}::date
         ORDER BY b.close_date`,
  );
  return rows;
}

export interface ClawbackRow {
  day: string;
  kind: RefundKind;
  purchase_id: string;
  buyer: string;
  package_name: string;
  referral: string;
  matching: string;
  taken: string;
  owed: string;
}

/** What the month's refunds clawed back from the member, each with the purchase it undid (refund_clawbacks_member_idx). */
export async function clawbacksIn(db: Sql, memberId: number, period: StatementPeriod): Promise<ClawbackRow[]> {
  const { rows } = await db.query<ClawbackRow>(
    sql`SELECT to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, r.kind, r.purchase_id::text AS purchase_id,
               bu.username AS buyer, pk.name AS package_name, c.referral::text AS referral, c.matching::text AS matching,
               c.taken::text AS taken, c.owed::text AS owed
          FROM refund_clawbacks c
          JOIN purchase_refunds r ON r.id = c.refund_id
          JOIN purchases p ON p.id = r.purchase_id
          JOIN packages pk ON pk.id = p.package_id
          JOIN users bu ON bu.id = p.member_id
         WHERE c.member_id = ${memberId} AND r.created_at >= ${period.from} AND r.created_at < ${period.to}
         ORDER BY r.created_at, r.id`,
  );
  return rows;
}
