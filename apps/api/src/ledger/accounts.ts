import { WALLET_LABELS, type Unit, type Wallet } from '@portal/contract';

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

export const WALLET_UNITS: Record<Wallet, Unit> = { deposit: 'USDT', income: 'USDT', points: 'POINT' };

export interface MemberAccountRef {
  member: number;
  wallet: Wallet;
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
export const walletName = (wallet: Wallet): string => WALLET_LABELS[wallet].toLowerCase();

/** The display unit: "USDT" or "points". */
export const unitName = (unit: Unit): string => (unit === 'POINT' ? 'points' : 'USDT');
