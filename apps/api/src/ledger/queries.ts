import { fromBaseUnits, WALLET_LABELS, wallets, type WalletBalance } from '@portal/contract';
import type { Sql } from '../platform/db/database';
import { WALLET_UNITS, type SystemAccount } from './accounts';
import { sql } from '../platform/db/sql';

/** A member's three wallets; a wallet that never held money reads zero. */
export async function walletBalances(db: Sql, memberId: number): Promise<WalletBalance[]> {
  const { rows } = await db.query<{ wallet: string; balance: string }>(
    sql`SELECT wallet, balance FROM ledger_accounts WHERE owner_id = ${memberId}`,
  );
  return walletBalancesOf(rows);
}

/** The member's wallets and what they owe after a clawback (`/api/wallets`), from one read of their accounts. */
export async function walletsAndOwed(db: Sql, memberId: number): Promise<{ wallets: WalletBalance[]; owed: string }> {
  const { rows } = await db.query<{ wallet: string; balance: string }>(
    sql`SELECT wallet, balance FROM ledger_accounts WHERE owner_id = ${memberId}`,
  );
  const owed = rows.find((row) => row.wallet === 'owed');
  return { wallets: walletBalancesOf(rows), owed: fromBaseUnits(owed ? -BigInt(owed.balance) : 0n) };
}

/** Every wallet with its balance from the member's accounts' rows (a wallet without an account holds 0). */
export function walletBalancesOf(rows: Array<{ wallet: string; balance: string }>): WalletBalance[] {
  const held = new Map(rows.map((row) => [row.wallet, BigInt(row.balance)]));
  return wallets.map((wallet) => ({
    wallet,
    label: WALLET_LABELS[wallet],
    unit: WALLET_UNITS[wallet],
    balance: fromBaseUnits(held.get(wallet) ?? 0n),
  }));
}

/**
 * A system account's balance as a SQL fragment (numeric, base units): the sum
 * of its postings, since system accounts keep no running balance (no company
 * row is locked by every money movement, docs/decisions/0013).
 */
export const systemBalance = (account: SystemAccount) =>
  sql`(SELECT COALESCE(sum(p.amount), 0) FROM postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE a.code = ${account})`;
