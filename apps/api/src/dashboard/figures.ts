import type { DayFigures } from './daily-events';

/** The admin dashboard's figures of a day or of all days, summed in base units (money stays bigint). */
export interface Figures {
  sales: bigint;
  purchases: number;
  activations: number;
  referral: bigint;
  matching: bigint;
  newMembers: number;
  deposits: number;
  deposited: bigint;
  withdrawals: number;
  withdrawn: bigint;
  fees: bigint;
  treasury: bigint;
}

export function zero(): Figures {
  return {
    sales: 0n,
    purchases: 0,
    activations: 0,
    referral: 0n,
    matching: 0n,
    newMembers: 0,
    deposits: 0,
    deposited: 0n,
    withdrawals: 0,
    withdrawn: 0n,
    fees: 0n,
    treasury: 0n,
  };
}

export function figuresOf(row: DayFigures): Figures {
  return {
    sales: BigInt(row.sales),
    purchases: row.purchases,
    activations: row.activations,
    referral: BigInt(row.referral_paid),
    matching: 0n,
    newMembers: row.new_members,
    deposits: row.deposits_count,
    deposited: BigInt(row.deposits_amount),
    withdrawals: row.withdrawals_paid_count,
    withdrawn: BigInt(row.withdrawals_paid_amount),
    fees: BigInt(row.fees),
    treasury: BigInt(row.treasury),
  };
}

export function plus(a: Figures, b: Figures): Figures {
  return {
    sales: a.sales + b.sales,
    purchases: a.purchases + b.purchases,
    activations: a.activations + b.activations,
    referral: a.referral + b.referral,
    matching: a.matching + b.matching,
    newMembers: a.newMembers + b.newMembers,
    deposits: a.deposits + b.deposits,
    deposited: a.deposited + b.deposited,
    withdrawals: a.withdrawals + b.withdrawals,
    withdrawn: a.withdrawn + b.withdrawn,
    fees: a.fees + b.fees,
    treasury: a.treasury + b.treasury,
  };
}

export function add(days: Map<string, Figures>, day: string, f: Figures): void {
  days.set(day, plus(days.get(day) ?? zero(), f));
}
