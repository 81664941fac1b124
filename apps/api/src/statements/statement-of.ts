import { ENTRY_KIND_LABELS, WALLET_LABELS, wallets, type Unit, type Wallet } from '@portal/contract';
import type { Database, Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { WALLET_UNITS } from '../ledger/accounts';
import { bvText } from '../shared/bv';
import { notFound } from '../shared/errors';
import { statementPeriod, type StatementPeriod } from './month';
import { undoneWhat } from '../refunds/undo-purchase';
import { clawbacksIn, incomeByDay, matchingDays, walletSums } from './queries';

/**
 * What an income wallet credit is, by its journal entry's type: a purchase
 * pays the sponsors above the buyer their referral bonus in the buyer's entry
 * (apps/api/src/wallets/queries.ts `describeForMember`), a close pays the
 * matching bonus, an evaluation (or a close's pay) the rank bonus. A later
 * bonus adds its entry type here.
 */
const INCOME_KINDS = {
  purchase: 'referral_bonus',
  repurchase: 'referral_bonus',
  matching_bonus: 'matching_bonus',
  rank_bonus: 'rank_bonus',
} as const satisfies Record<string, keyof typeof ENTRY_KIND_LABELS>;
export type IncomeKind = (typeof INCOME_KINDS)[keyof typeof INCOME_KINDS];
export const INCOME_KIND_ORDER: readonly IncomeKind[] = ['referral_bonus', 'matching_bonus', 'rank_bonus'];

export interface StatementMember {
  id: number;
  username: string;
  fullName: string;
  joinedAt: Date;
}

/** One wallet over the month, in base units: opening + credits − debits = closing. */
export interface WalletStatement {
  wallet: Wallet;
  label: string;
  unit: Unit;
  opening: bigint;
  credits: bigint;
  debits: bigint;
  closing: bigint;
}

/** One day's credits of one kind of income. */
export interface IncomeDay {
  day: string;
  kind: IncomeKind;
  label: string;
  /** How many credits made it. */
  count: number;
  amount: bigint;
}

/** A matching day of the member as the close recorded it: BV as decimal text, money in base units. */
export interface MatchingDay {
  closeDate: string;
  left: string;
  right: string;
  matched: string;
  rate: string;
  earned: bigint;
  dailyCap: bigint;
  paid: bigint;
  flushed: bigint;
  carryLeft: string;
  carryRight: string;
  creditedOn: string | null;
}

/** What a refund took back from the member: the purchase it undid, by its words on the ledger line; base units. */
export interface ClawbackLine {
  day: string;
  /** "Cancellation of carol's Gold (purchase #3)" (refunds/undo-purchase.ts). */
  what: string;
  referral: bigint;
  matching: bigint;
  /** Taken from the income wallet. */
  taken: bigint;
  /** Left owed, repaid first from later income. */
  owed: bigint;
}

/** Every figure of a member's monthly statement, as the PDF shows it (render.ts). */
export interface Statement {
  member: StatementMember;
  period: StatementPeriod;
  generatedAt: Date;
  /** The month has not ended: the closing balances are those at `generatedAt`. */
  inProgress: boolean;
  wallets: WalletStatement[];
  income: IncomeDay[];
  incomeTotals: Record<IncomeKind | 'total', bigint>;
  matching: MatchingDay[];
  clawbacks: ClawbackLine[];
}

/** The member whose statement it is, or MEMBER_NOT_FOUND (an admin asking by id). */
export async function statementMember(db: Sql, memberId: number): Promise<StatementMember> {
  const { rows } = await db.query<{ id: number; username: string; full_name: string; joined_at: Date }>(
    sql`SELECT u.id, u.username, u.full_name, m.joined_at FROM members m JOIN users u ON u.id = m.user_id WHERE m.user_id = ${memberId}`,
  );
  const row = rows[0];
  if (!row) throw notFound('MEMBER_NOT_FOUND', `There is no member with id ${memberId}.`);
  return { id: Number(row.id), username: row.username, fullName: row.full_name, joinedAt: new Date(row.joined_at) };
}

/** A member's statement of `month` (YYYY-MM), refused for a month not begun or before they joined. */
export async function statementOf(db: Database, memberId: number, month: string, now: Date): Promise<Statement> {
  const member = await statementMember(db, memberId);
  return statementFor(db, member, statementPeriod(month, now, member.joinedAt), now);
}

/** The figures of any period (a test splits a month's postings with it), read in one snapshot. */
export function statementFor(
  db: Database,
  member: StatementMember,
  period: StatementPeriod,
  now: Date,
): Promise<Statement> {
  // One transaction: the wallets, the income and the matching days are read from the same books.
  return db.transaction(async (tx) => {
    await tx.query(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY`);
    const sums = await walletSums(tx, member.id, period);
    const income = await incomeByDay(tx, member.id, period, Object.keys(INCOME_KINDS));
    const matching = await matchingDays(tx, member.id, period);
    const clawbacks = await clawbacksIn(tx, member.id, period);
    return {
      member,
      period,
      generatedAt: now,
      inProgress: now < period.to,
      wallets: wallets.map((wallet) => {
        const { opening, credits, debits } = sums.get(wallet)!;
        return {
          wallet,
          label: WALLET_LABELS[wallet],
          unit: WALLET_UNITS[wallet],
          opening,
          credits,
          debits,
          closing: opening + credits - debits,
        };
      }),
      ...incomeOf(income),
      matching: matching.map((row) => ({
        closeDate: row.close_date,
        left: bvText(row.left_volume),
        right: bvText(row.right_volume),
        matched: bvText(row.matched),
        rate: row.rate,
        earned: BigInt(row.earned),
        dailyCap: BigInt(row.daily_cap),
        paid: BigInt(row.paid),
        flushed: BigInt(row.flushed),
        carryLeft: bvText(row.carry_left),
        carryRight: bvText(row.carry_right),
        creditedOn: row.credited_on,
      })),
      clawbacks: clawbacks.map((row) => ({
        day: row.day,
        what: undoneWhat(row.kind, row.buyer, row.package_name, row.purchase_id),
        referral: BigInt(row.referral),
        matching: BigInt(row.matching),
        taken: BigInt(row.taken),
        owed: BigInt(row.owed),
      })),
    };
  });
}

/** The income lines by day and kind (a purchase and a repurchase the same day are one referral line), and the totals. */
function incomeOf(rows: Awaited<ReturnType<typeof incomeByDay>>): Pick<Statement, 'income' | 'incomeTotals'> {
  const lines = new Map<string, IncomeDay>();
  const totals: Record<IncomeKind | 'total', bigint> = {
    referral_bonus: 0n,
    matching_bonus: 0n,
    rank_bonus: 0n,
    total: 0n,
  };
  for (const row of rows) {
    const kind = INCOME_KINDS[row.type as keyof typeof INCOME_KINDS];
    const key = `${row.day} ${kind}`;
    const line = lines.get(key) ?? { day: row.day, kind, label: ENTRY_KIND_LABELS[kind], count: 0, amount: 0n };
    line.count += row.count;
    line.amount += row.amount;
    lines.set(key, line);
    totals[kind] += row.amount;
    totals.total += row.amount;
  }
  const order = (line: IncomeDay) => INCOME_KIND_ORDER.indexOf(line.kind);
  const income = [...lines.values()].sort((a, b) => a.day.localeCompare(b.day) || order(a) - order(b));
  return { income, incomeTotals: totals };
}
