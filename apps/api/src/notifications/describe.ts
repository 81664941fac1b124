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

/** Each kind in words, and the page it opens: one place for the bell and the mails (mail/compose-mail.ts). */
const DESCRIBE: Record<NotificationKind, (d: NotificationData) => { text: string; link: string }> = {
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
};

export function describeNotification(kind: NotificationKind, data: NotificationData, chain: Chain | undefined) {
  const { text, link } = DESCRIBE[kind](data);
  const explorerUrl = typeof data.txHash === 'string' ? (chain?.explorerTx(data.txHash) ?? null) : null;
  return { text, link, explorerUrl };
}
