import { fromBaseUnits, type NotificationKind } from '@portal/contract';
import type { Chain } from '../platform/chain';

/** A notification's figures as stored (amounts in base units), from the triggers of migration 0050. */
export type NotificationData = Record<string, string | number | undefined>;

const usdt = (baseUnits: string | number | undefined) => `${fromBaseUnits(BigInt(baseUnits ?? 0))} USDT`;
const points = (baseUnits: string | number | undefined) => `${fromBaseUnits(BigInt(baseUnits ?? 0))} points`;
const because = (reason: string | number | undefined) => (reason ? `: ${String(reason)}` : '');
const shortAddress = (address: string | number | undefined) => {
  const text = String(address ?? '');
  return text.length > 12 ? `${text.slice(0, 6)}…${text.slice(-4)}` : text;
};

const SECURITY = '/account-settings?tab=security';
const WITHDRAWALS = '/withdraw-history';
const IDENTITY = '/account-settings?tab=identity';
// The admins' pages where each waiting thing is decided (apps/web/src/features/*/routes.tsx).
const WITHDRAW_APPROVAL = '/withdraw-approval';
const member = (d: NotificationData) => String(d.member);

/** Each kind in words, and the page it opens: one place for the bell and the mails (mail/compose-mail.ts). */
const DESCRIBE: Record<NotificationKind, (d: NotificationData) => { text: string; link: string }> = {
  deposit_seen: (d) => ({
    text: `A deposit of ${usdt(d.amount)} was seen on the chain; once it has its confirmations it is checked and credited.`,
    link: '/deposit-history-member',
  }),
  deposit_credited: (d) => ({
    text: `A deposit of ${usdt(d.amount)} was credited to your deposit wallet.`,
    link: '/deposit-history-member',
  }),
  transfer_received: (d) => ({
    text: `${String(d.from)} sent you ${usdt(d.received)}; it is in your deposit wallet.`,
    link: '/transfer-Receiver-history',
  }),
  direct_referral: (d) => ({ text: `${String(d.username)} joined as your direct referral.`, link: '/sponsor-tree' }),
  rank_reached: (d) => ({
    text:
      BigInt(d.bonus ?? 0) > 0n
        ? `You reached the rank ${String(d.rank)}; its bonus of ${usdt(d.bonus)} is in your income wallet.`
        : `You reached the rank ${String(d.rank)}.`,
    link: '/ranks',
  }),
  withdrawal_approved: (d) => ({
    text: `Your withdrawal of ${usdt(d.amount)} was approved; it is being paid.`,
    link: WITHDRAWALS,
  }),
  withdrawal_paid: (d) => ({
    text: `Your withdrawal of ${usdt(d.amount)} was paid to ${shortAddress(d.address)}.`,
    link: WITHDRAWALS,
  }),
  withdrawal_failed: (d) => ({
    text: `Your withdrawal of ${usdt(d.amount)} could not be paid${because(d.reason)}. An admin will pay it again or refund it.`,
    link: WITHDRAWALS,
  }),
  withdrawal_rejected: (d) => ({
    text: `Your withdrawal of ${usdt(d.amount)} was rejected${because(d.reason)}. The amount is back in your income wallet.`,
    link: WITHDRAWALS,
  }),
  withdrawal_refunded: (d) => ({
    text: `Your withdrawal of ${usdt(d.amount)} was refunded to your income wallet.`,
    link: WITHDRAWALS,
  }),
  redemption_approved: (d) => ({
    text: `Your redemption of ${String(d.product)} was approved.`,
    link: '/redeem-history',
  }),
  redemption_rejected: (d) => ({
    text: `Your redemption of ${String(d.product)} was rejected${because(d.reason)}. Its ${points(d.points)} are back in your point wallet.`,
    link: '/redeem-history',
  }),
  identity_approved: () => ({ text: 'Your identity was verified: withdrawals that need it are open.', link: IDENTITY }),
  identity_rejected: (d) => ({
    text: `Your identity documents were rejected${because(d.reason)}. Upload them again to be verified.`,
    link: IDENTITY,
  }),
  password_changed: () => ({ text: 'Your password was changed.', link: SECURITY }),
  password_reset: () => ({ text: 'Your password was reset with a recovery link.', link: SECURITY }),
  two_factor_on: () => ({ text: 'Two-factor sign-in was turned on for your account.', link: SECURITY }),
  two_factor_off: () => ({ text: 'Two-factor sign-in was turned off for your account.', link: SECURITY }),
  withdrawal_address_added: () => ({ text: 'A withdrawal address was added to your account.', link: SECURITY }),
  withdrawal_address_removed: () => ({ text: 'A withdrawal address was removed from your account.', link: SECURITY }),
  // The admins' kinds (migration 0059_admin_notifications.sql): the member's username and the amount, no address.
  withdrawal_waiting: (d) => ({
    text: `${member(d)} asked to withdraw ${usdt(d.amount)}; it waits for an admin's approval.`,
    link: WITHDRAW_APPROVAL,
  }),
  redemption_waiting: (d) => ({
    text: `${member(d)} redeemed ${String(d.quantity)} × ${String(d.product)} for ${points(d.points)}; it waits for an admin's decision.`,
    link: '/redemption-approval',
  }),
  deposit_held: (d) => ({
    text: `A deposit of ${usdt(d.amount)} to ${member(d)} is held: its sender is on the screening list. Credit or reject it.`,
    link: '/deposit-history',
  }),
  payout_failed: (d) => ({
    text: `The payout of ${member(d)}'s withdrawal of ${usdt(d.amount)} failed${because(d.reason)}. Pay it again or refund it.`,
    link: WITHDRAW_APPROVAL,
  }),
  change_pending: (d) => ({
    text: `${String(d.proposer)} proposed ${proposedChange(d)}; it waits for a second admin to confirm it.`,
    link: '/admin/settings',
  }),
};

/**
 * A pending change in words without its summary, which may hold a full address or an e-mail
 * (apps/api/src/screening/list.ts, apps/api/src/admin-users/admin-powers.ts): the settings' names, or whom it makes admin.
 */
function proposedChange(d: NotificationData): string {
  if (d.change === 'settings') return `changing ${String(d.settings ?? 'settings')}`;
  if (d.change === 'screening.remove') return 'taking an address off the screening list';
  return `making ${String(d.admin)} an admin`;
}

export function describeNotification(kind: NotificationKind, data: NotificationData, chain: Chain | undefined) {
  const { text, link } = DESCRIBE[kind](data);
  const explorerUrl = typeof data.txHash === 'string' ? (chain?.explorerTx(data.txHash) ?? null) : null;
  return { text, link, explorerUrl };
}
