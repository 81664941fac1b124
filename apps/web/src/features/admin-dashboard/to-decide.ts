import { STUCK_PAYOUT_MINUTES, type ToDecide, type ToDecideKind } from '@portal/contract';
import { formatMoney, formatPoints } from '../../shared/format';
import { plural } from '../../shared/words';

/** How one kind of decision reads in "To decide": its test id, label, the page that lists those rows, its note. */
export interface DecisionKind {
  id: string;
  label: string;
  /** Where those rows are: a page, or `#daily-close` (the close card further down this page). */
  to: string;
  /** The figure: a count, or the set-up's state. */
  value: (item: ToDecide) => string;
  /** What waits, in words: the sum where the row has one, or what the admin does. */
  note: (item: ToDecide) => string;
  /** Whether `note` states the sum already (else the sum is said with the age). */
  sumInNote: boolean;
  unit: 'USDT' | 'points' | null;
}

const usdt = (value: string | null) => `${formatMoney(value)} USDT`;
const count = (item: ToDecide) => String(item.count);
const none = (item: ToDecide, some: string, zero = 'None waiting') => (item.count === 0 ? zero : some);

export const DECISION_KINDS: Record<ToDecideKind, DecisionKind> = {
  withdrawals: {
    id: 'pending-withdrawals',
    label: 'Withdrawals to approve',
    to: '/withdraw-approval',
    value: count,
    note: (i) => none(i, `${usdt(i.amount)} asked`),
    sumInNote: true,
    unit: 'USDT',
  },
  secondApprovals: {
    id: 'second-approvals',
    label: 'Waiting for a second admin',
    to: '/withdraw-approval',
    value: count,
    note: (i) => none(i, 'Approved once, above the threshold', 'None'),
    sumInNote: false,
    unit: 'USDT',
  },
  redemptions: {
    id: 'pending-redemptions',
    label: 'Redemptions to approve',
    to: '/redemption-approval',
    value: count,
    note: (i) => none(i, `${formatPoints(i.amount)} asked`),
    sumInNote: true,
    unit: 'points',
  },
  heldDeposits: {
    id: 'held-deposits',
    label: 'Deposits held by screening',
    to: '/deposit-history?status=held',
    value: count,
    note: (i) => none(i, `${usdt(i.amount)} to credit or reject`),
    sumInNote: true,
    unit: 'USDT',
  },
  closeReview: {
    id: 'close-review',
    label: 'Close waiting for review',
    to: '#daily-close',
    value: count,
    note: (i) => none(i, `${usdt(i.amount)} to review and pay`),
    sumInNote: true,
    unit: 'USDT',
  },
  failedPayouts: {
    id: 'failed-payouts',
    label: 'Failed payouts',
    to: '/withdraw-approval',
    value: count,
    note: (i) => none(i, `${usdt(i.amount)} to retry or refund`, 'None to retry or refund'),
    sumInNote: true,
    unit: 'USDT',
  },
  stuckPayouts: {
    id: 'stuck-payouts',
    label: 'Stuck payouts',
    to: '/withdraw-approval',
    value: count,
    note: (i) => none(i, `Not mined ${STUCK_PAYOUT_MINUTES} minutes after sending`, 'None'),
    sumInNote: false,
    unit: 'USDT',
  },
  heldByCap: {
    id: 'held-payouts',
    label: 'Held by the daily payout cap',
    to: '/withdraw-approval',
    value: count,
    note: (i) => none(i, 'Queued until the cap has room', 'None'),
    sumInNote: false,
    unit: 'USDT',
  },
  settingChanges: {
    id: 'setting-changes',
    label: 'Setting changes waiting',
    to: '/admin/settings',
    value: count,
    note: (i) => none(i, 'To confirm or cancel before they take effect'),
    sumInNote: false,
    unit: null,
  },
  setup: {
    id: 'setup',
    label: 'Set-up',
    to: '/admin/settings',
    value: (i) => (i.count > 0 ? 'In set-up' : 'Live'),
    note: (i) =>
      i.count > 0
        ? "Any one admin's change applies at once: declare the portal live when the settings are right"
        : 'Loosening a money-out control waits for a second admin and the delay',
    sumInNote: false,
    unit: null,
  },
};

/** How long something has waited, in words: "under a minute", "12 min", "5 h", "3 days". */
export function waitedFor(since: string, now: number): string {
  const minutes = Math.floor((now - new Date(since).getTime()) / 60_000);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return plural(Math.floor(hours / 24), 'day');
}

/** The row's sum (where its note does not say it) and how long the oldest has waited: "150.00 USDT · oldest 5 h". */
export function decisionFacts(item: ToDecide, now: number): string {
  const kind = DECISION_KINDS[item.kind];
  const sum =
    item.count > 0 && !kind.sumInNote && item.amount !== null && kind.unit
      ? kind.unit === 'USDT'
        ? usdt(item.amount)
        : formatPoints(item.amount)
      : null;
  const age = item.count > 0 && item.oldestAt ? `oldest waiting ${waitedFor(item.oldestAt, now)}` : null;
  return [sum, age].filter(Boolean).join(' · ');
}

/** Waiting first (in the API's order), then the kinds with none waiting; the set-up counts as waiting while in it. */
export function waitingFirst(items: ToDecide[]): ToDecide[] {
  return [...items.filter((i) => i.count > 0), ...items.filter((i) => i.count === 0)];
}

/** The card's subheader: how many decisions wait and the oldest wait, or that none does. */
export function decisionsSummary(items: ToDecide[], now: number): string {
  const waiting = items.filter((i) => i.count > 0 && i.kind !== 'setup');
  const total = waiting.reduce((sum, i) => sum + i.count, 0);
  if (total === 0) return 'Nothing waits for a decision.';
  const oldest = waiting
    .map((i) => i.oldestAt)
    .filter((at): at is string => at !== null)
    .sort()[0];
  return `${plural(total, 'decision')} waiting${oldest ? `, the oldest for ${waitedFor(oldest, now)}` : ''}.`;
}
