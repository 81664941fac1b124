import { fromBaseUnits, WALLET_LABELS, wallets, type WalletBalance } from '@portal/contract';
import type { Sql } from '../db/database';
import { WALLET_UNITS } from './accounts';

/** A member's three wallets; a wallet that never held money reads zero. */
export async function walletBalances(sql: Sql, memberId: number): Promise<WalletBalance[]> {
  const { rows } = await sql.query<{ wallet: string; balance: string }>(
    `SELECT wallet, balance FROM ledger_accounts WHERE owner_id = $1`,
    [memberId],
  );
  const held = new Map(rows.map((row) => [row.wallet, BigInt(row.balance)]));
  return wallets.map((wallet) => ({
    wallet,
    label: WALLET_LABELS[wallet],
    unit: WALLET_UNITS[wallet],
    balance: fromBaseUnits(held.get(wallet) ?? 0n),
  }));
}

/** The balance of every system account: the sum of its postings. */
export async function systemBalances(sql: Sql): Promise<Array<{ code: string; unit: string; balance: string }>> {
  const { rows } = await sql.query<{ code: string; unit: string; balance: string }>(
    `SELECT a.code, a.unit, COALESCE((SELECT sum(p.amount) FROM postings p WHERE p.account_id = a.id), 0)::text AS balance
       FROM ledger_accounts a WHERE a.kind = 'system' ORDER BY a.code`,
  );
  return rows.map((row) => ({ ...row, balance: fromBaseUnits(BigInt(row.balance)) }));
}
