import {
  fromBaseUnits,
  SYSTEM_ACCOUNT_LABELS,
  wallets,
  LEDGER_WALLET_LABELS,
  type LedgerWallet,
  type TrialBalance,
  type TrialBalanceLine,
  type TrialBalanceQuery,
  type Unit,
  type Wallet,
} from '@portal/contract';
import type { AppContext } from '../context';
import type { Sql } from '../platform/db/database';
import { sql } from '../platform/db/sql';
import { WALLET_UNITS } from '../ledger/accounts';
import { endOfDay, startOfDay } from '../shared/sql-list';
import { chainBesideTheBooks } from './chain-beside-the-books';

/** A line's sums in base units: the balance before the period (credits positive), and the period's two sides. */
interface LineRow {
  code: string;
  kind: 'system' | 'members';
  wallet: LedgerWallet | null;
  unit: Unit;
  accounts: number;
  opening: string;
  debits: string;
  credits: string;
}

/**
 * Every posting up to the period's end, once: its entry's time (the one the
 * Transactions list and its CSV filter by, shared/sql-list.ts `betweenDays`)
 * puts it before the period (the opening balance) or in it (a debit when it
 * takes from the account, a credit when it adds). Company accounts line by
 * line, members' wallets summed by kind; every company account is listed,
 * moved or not.
 */
async function lineRows(tx: Sql, start: Date, end: Date): Promise<LineRow[]> {
  const { rows } = await tx.query<LineRow>(
    sql`WITH moved AS (
          SELECT p.account_id,
                 COALESCE(sum(p.amount) FILTER (WHERE e.created_at < ${start}), 0) AS opening,
                 COALESCE(sum(-p.amount) FILTER (WHERE e.created_at >= ${start} AND p.amount < 0), 0) AS debits,
                 COALESCE(sum(p.amount) FILTER (WHERE e.created_at >= ${start} AND p.amount > 0), 0) AS credits
            FROM postings p JOIN journal_entries e ON e.id = p.entry_id
           WHERE e.created_at < ${end}
           GROUP BY p.account_id),
        lines AS (
          SELECT COALESCE(a.code, 'members_' || a.wallet) AS code, CASE a.kind WHEN 'member' THEN 'members' ELSE 'system' END AS kind,
                 a.wallet, a.unit, count(*) AS accounts, sum(m.opening) AS opening, sum(m.debits) AS debits, sum(m.credits) AS credits
            FROM moved m JOIN ledger_accounts a ON a.id = m.account_id
           GROUP BY 1, 2, 3, 4
          UNION ALL
          SELECT code, 'system', NULL, unit, 1, 0, 0, 0 FROM ledger_accounts WHERE kind = 'system')
        SELECT code, kind, wallet, unit, max(accounts)::int AS accounts, sum(opening)::text AS opening,
               sum(debits)::text AS debits, sum(credits)::text AS credits
          FROM lines GROUP BY code, kind, wallet, unit
         ORDER BY unit DESC, kind DESC, code`,
  );
  return rows;
}

/** The members' wallets of each kind as their own balances say at the period's end: now, less what moved after it. */
async function walletsAtEnd(tx: Sql, end: Date): Promise<Map<Wallet, bigint>> {
  const { rows } = await tx.query<{ wallet: Wallet; held: string }>(
    sql`SELECT w.wallet, (COALESCE(b.now, 0) - COALESCE(l.later, 0))::text AS held
          FROM unnest(${[...wallets]}::text[]) AS w(wallet)
          LEFT JOIN (SELECT wallet, sum(balance) AS now FROM ledger_accounts WHERE kind = 'member' GROUP BY wallet) b
                 ON b.wallet = w.wallet
          LEFT JOIN (SELECT a.wallet, sum(p.amount) AS later
                       FROM journal_entries e JOIN postings p ON p.entry_id = e.id JOIN ledger_accounts a ON a.id = p.account_id
                      WHERE e.created_at >= ${end} AND a.kind = 'member' GROUP BY a.wallet) l
                 ON l.wallet = w.wallet`,
  );
  return new Map(rows.map((row) => [row.wallet, BigInt(row.held)]));
}

const SIDES = ['openingDebit', 'openingCredit', 'debits', 'credits', 'closingDebit', 'closingCredit'] as const;
type Sides = Record<(typeof SIDES)[number], bigint>;

/** A balance on its side: a credit when the account owes (credits positive in the ledger), a debit otherwise. */
const onItsSide = (net: bigint) => ({ debit: net < 0n ? -net : 0n, credit: net > 0n ? net : 0n });

const formatted = (sums: Sides) =>
  Object.fromEntries(SIDES.map((key) => [key, fromBaseUnits(sums[key])])) as Record<keyof Sides, string>;

interface Line {
  row: LineRow;
  sums: Sides;
  /** The closing balance, credits positive. */
  net: bigint;
}

function lineOf(row: LineRow): Line {
  const opening = BigInt(row.opening);
  const debits = BigInt(row.debits);
  const credits = BigInt(row.credits);
  const net = opening + credits - debits;
  const open = onItsSide(opening);
  const close = onItsSide(net);
  const sums = {
    openingDebit: open.debit,
    openingCredit: open.credit,
    debits,
    credits,
    closingDebit: close.debit,
    closingCredit: close.credit,
  };
  return { row, sums, net };
}

const answerLine = ({ row, sums }: Line): TrialBalanceLine => ({
  code: row.code,
  account:
    row.wallet === null
      ? (SYSTEM_ACCOUNT_LABELS[row.code] ?? row.code)
      : row.wallet === 'owed'
        ? 'What members owe after clawbacks'
        : `Members' ${LEDGER_WALLET_LABELS[row.wallet].toLowerCase()}s`,
  kind: row.kind,
  wallet: row.wallet,
  accounts: row.accounts,
  unit: row.unit,
  ...formatted(sums),
});

/** Each wallet kind a line, moved in the books or not. */
function withEveryWalletKind(rows: LineRow[]): LineRow[] {
  const missing = wallets
    .filter((wallet) => !rows.some((row) => row.wallet === wallet))
    .map((wallet): LineRow => {
      const zero = { opening: '0', debits: '0', credits: '0' };
      return { code: `members_${wallet}`, kind: 'members', wallet, unit: WALLET_UNITS[wallet], accounts: 0, ...zero };
    });
  return [...rows, ...missing];
}

/** Each unit's sums: debits equal credits, and the balances on both sides too, or the books do not balance. */
function totalsOf(lines: Line[]): TrialBalance['totals'] {
  const units = [...new Set(lines.map((line) => line.row.unit))];
  return units.map((unit) => {
    const ofUnit = lines.filter((line) => line.row.unit === unit);
    const sums = Object.fromEntries(
      SIDES.map((key) => [key, ofUnit.reduce((sum, line) => sum + line.sums[key], 0n)]),
    ) as Sides;
    const balanced =
      sums.openingDebit === sums.openingCredit &&
      sums.debits === sums.credits &&
      sums.closingDebit === sums.closingCredit;
    return { unit, ...formatted(sums), balanced };
  });
}

/**
 * `/api/admin/books/trial-balance`: the period's trial balance, read in one
 * snapshot with the members' wallets it is checked against, and the chain's
 * reconciliation when the period ends today.
 */
export async function readTrialBalance(ctx: AppContext, query: TrialBalanceQuery): Promise<TrialBalance> {
  const start = startOfDay(query.from);
  const end = endOfDay(query.to);
  const books = await ctx.db.transaction(async (tx) => {
    await tx.query(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY`);
    return { rows: await lineRows(tx, start, end), held: await walletsAtEnd(tx, end) };
  });
  const lines = withEveryWalletKind(books.rows).map(lineOf);
  return {
    from: query.from,
    to: query.to,
    lines: lines.map(answerLine),
    totals: totalsOf(lines),
    wallets: wallets.map((wallet) => {
      const fromPostings = lines.find((line) => line.row.wallet === wallet)!.net;
      const fromWallets = books.held.get(wallet) ?? 0n;
      return {
        wallet,
        unit: WALLET_UNITS[wallet],
        fromPostings: fromBaseUnits(fromPostings),
        fromWallets: fromBaseUnits(fromWallets),
        equal: fromPostings === fromWallets,
      };
    }),
    chain: await chainBesideTheBooks(ctx, end),
  };
}
