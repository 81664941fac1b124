/**
 * The compensation plan's arithmetic written again in TypeScript, as plain
 * functions on integer base units (bigint): the oracles that
 * rules.test.ts compares the rules in force with. The portal applies each
 * rule once, in SQL: the matching of a member's day in
 * apps/api/sql/functions/plan_match_day.sql, a referral share in
 * apps/api/sql/functions/plan_referral_share.sql. Nothing in apps/api/src
 * imports this file.
 */

import type { RatePpm } from '../../src/plan/rules';

const PPM = 1_000_000n;

/** A share of an amount, rounded down: a fraction of a base unit is never paid out. */
export function shareOf(amount: bigint, rate: RatePpm): bigint {
  return (amount * rate) / PPM;
}

export interface Upline {
  memberId: number;
  /** Has bought a package: only active uplines earn. */
  active: boolean;
}

export interface ReferralPayout {
  memberId: number;
  level: number;
  amount: bigint;
}

/**
 * Referral bonus of one purchase: `uplines[0]` is the buyer's sponsor
 * (level 1), and so on. An inactive upline's share is paid to nobody
 * (no compression), and levels beyond the configured rates earn nothing.
 */
export function referralPayouts(price: bigint, uplines: Upline[], levelRates: RatePpm[]): ReferralPayout[] {
  const payouts: ReferralPayout[] = [];
  uplines.slice(0, levelRates.length).forEach((upline, index) => {
    const amount = shareOf(price, levelRates[index]!);
    if (upline.active && amount > 0n) payouts.push({ memberId: upline.memberId, level: index + 1, amount });
  });
  return payouts;
}

export interface DayMatch {
  left: bigint;
  right: bigint;
  /** min(left, right): the volume paired today, taken from both legs. */
  matched: bigint;
  /** The bonus before the cap: rate × matched. */
  earned: bigint;
  /** What is credited: the bonus capped at the package's daily cap. */
  paid: bigint;
  /** The bonus above the cap, lost. */
  flushed: bigint;
  /** What each leg carries into the next day. */
  carryLeft: bigint;
  carryRight: bigint;
}

/**
 * One member's binary matching at a daily close. Both legs lose the matched
 * volume; the stronger leg's remainder carries forward; the part of the bonus
 * above the daily cap is flushed (the matched volume is spent either way).
 * Legs in BV scaled to 18 decimals, as the bonus.
 */
export function matchDay(left: bigint, right: bigint, rate: RatePpm, dailyCap: bigint): DayMatch {
  const matched = left < right ? left : right;
  const earned = shareOf(matched, rate);
  const paid = earned < dailyCap ? earned : dailyCap;
  return {
    left,
    right,
    matched,
    earned,
    paid,
    flushed: earned - paid,
    carryLeft: left - matched,
    carryRight: right - matched,
  };
}
