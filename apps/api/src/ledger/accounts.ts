import { LEDGER_WALLET_LABELS, type LedgerWallet, type Unit } from '@portal/contract';

/**
 * The company's side of the books. Each is created by a migration; later
 * features add theirs the same way (and here).
 */
export const SYSTEM_ACCOUNTS = {
  company_revenue: 'USDT',
  bonus_expense: 'USDT',
  fees: 'USDT',
  withdrawals_in_flight: 'USDT',
  treasury: 'USDT',
  operator_capital: 'USDT',
  adjustments: 'USDT',
  point_sales: 'USDT',
  points_issued: 'POINT',
  redemptions: 'POINT',
  point_adjustments: 'POINT',
} as const satisfies Record<string, Unit>;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

// A member's wallets, and 'owed' (the contract's `LedgerWallet`): what a member owes after a clawback larger than
// their income wallet, a balance at or below zero that no one spends (migration 0052_refunds.sql; repaid by
// apps/api/sql/functions/ledger_repay_owed.sql).

export const WALLET_UNITS: Record<LedgerWallet, Unit> = {
  deposit: 'USDT',
  income: 'USDT',
  points: 'POINT',
  owed: 'USDT',
};

export interface MemberAccountRef {
  member: number;
  wallet: LedgerWallet;
}
export interface SystemAccountRef {
  system: SystemAccount;
}
/** A member's wallet, or a system account by code. */
export type AccountRef = MemberAccountRef | SystemAccountRef;

export const isMemberRef = (ref: AccountRef): ref is MemberAccountRef => 'member' in ref;

export const unitOf = (ref: AccountRef): Unit =>
  isMemberRef(ref) ? WALLET_UNITS[ref.wallet] : SYSTEM_ACCOUNTS[ref.system];

export const refKey = (ref: AccountRef): string =>
  isMemberRef(ref) ? `m:${ref.member}:${ref.wallet}` : `s:${ref.system}`;

/** "deposit wallet", for messages. */
export const walletName = (wallet: LedgerWallet): string => LEDGER_WALLET_LABELS[wallet].toLowerCase();

/** The display unit: "USDT" or "points". */
export const unitName = (unit: Unit): string => (unit === 'POINT' ? 'points' : 'USDT');
