import { MAX_PRODUCT_STOCK, WALLET_LABELS, type AuditEntry, type Wallet } from '@portal/contract';
import { formatCount, formatMoney } from '../../shared/format';

/**
 * An audit entry in words: who did what to whom, as a
 * sentence made of text and links, the values that changed (before →
 * after) and the notes kept with it. Pure: the page renders it, the tests
 * read it.
 */
export type SentencePart = string | { text: string; to: string };

export interface Change {
  field: string;
  from: string;
  to: string;
}

export interface AuditDescription {
  sentence: SentencePart[];
  changes: Change[];
  /** Labelled texts kept with the action (the member's memo, the admin's note, a reason). */
  notes: Array<{ label: string; text: string }>;
}

type Details = Record<string, unknown>;

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A value as the change list shows it. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "maxDailyCap" / "max_daily_cap" → "max daily cap" */
export function fieldName(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

/** The link to an account: its member page when it is a member, else the Users list found by username. */
function accountLink(account: { id: number; username: string; isMember?: boolean }): SentencePart {
  return account.isMember
    ? { text: `@${account.username}`, to: `/Members/${account.id}` }
    : { text: `@${account.username}`, to: `/Users?search=${encodeURIComponent(account.username)}` };
}

/** Who acted: the admin (linked to Users), or the portal itself (sign-in throttling). */
function actorPart(entry: AuditEntry): SentencePart {
  return entry.actor ? accountLink({ ...entry.actor, isMember: false }) : 'The portal';
}

/** To whom: the account, linked, or what the details name when it no longer resolves. */
function subjectPart(entry: AuditEntry, details: Details): SentencePart {
  if (entry.subject) return accountLink(entry.subject);
  const name = str(details.username);
  if (name) return `@${name}`;
  return `${entry.targetType ?? 'item'} #${entry.targetId ?? '?'}`;
}

function changesOf(details: Details): Change[] {
  const changes = details.changes;
  if (!changes || typeof changes !== 'object') return [];
  return Object.entries(changes as Record<string, { from?: unknown; to?: unknown }>).map(([field, change]) => ({
    field: fieldName(field),
    from: shown(change?.from),
    to: shown(change?.to),
  }));
}

const unitOf = (wallet: unknown) => (wallet === 'points' ? 'points' : 'USDT');
const walletLabel = (wallet: unknown) => WALLET_LABELS[wallet as Wallet]?.toLowerCase() ?? 'wallet';
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** One function from an action to its sentence: every action the API records has its words here. */
export function describeAuditEntry(entry: AuditEntry): AuditDescription {
  const d = (entry.details ?? {}) as Details;
  const who = actorPart(entry);
  const whom = subjectPart(entry, d);
  const id = entry.targetId ?? '?';
  const changes = changesOf(d);
  const notes: AuditDescription['notes'] = [];
  const say = (...sentence: SentencePart[]): AuditDescription => ({ sentence, changes, notes });

  switch (entry.action) {
    case 'member.adjust': {
      const credit = d.direction !== 'debit';
      if (str(d.memo)) notes.push({ label: 'Member reads', text: str(d.memo)! });
      if (str(d.reason)) notes.push({ label: 'Internal note', text: str(d.reason)! });
      const amount = `${formatMoney(str(d.amount))} ${unitOf(d.wallet)}`;
      return say(
        who,
        ` ${credit ? 'credited' : 'debited'} ${amount} ${credit ? 'to' : 'from'} the ${walletLabel(d.wallet)} of `,
        whom,
      );
    }
    case 'user.create_admin':
      return say(who, ' created the admin account ', whom);
    case 'user.block':
      return say(who, ' blocked ', whom, ' (signed out everywhere)');
    case 'user.unblock':
      return say(who, ' unblocked ', whom);
    case 'user.role':
      return {
        sentence: [who, ' changed the role of ', whom],
        changes: [{ field: 'role', from: shown(d.from), to: shown(d.to) }],
        notes,
      };
    case 'user.password_reset':
      return say(who, ' set a new password for ', whom, ' (signed out everywhere)');
    case 'user.sign_in_reset':
      return say(who, ' reset the sign-in of ', whom, ' (signed out everywhere, mailed a reset link)');
    case 'user.password_reset_by_operator':
      return say('The server operator set a new password for ', whom, ' from the command line');
    case 'settings.update':
      return say(who, ` changed ${plural(changes.length, 'setting')} in `, { text: 'Settings', to: '/admin/settings' });
    case 'package.create':
      return say(who, ' created the package ', {
        text: `“${shown((d.package as Details | undefined)?.name)}”`,
        to: '/admin/packages',
      });
    case 'package.update':
      return say(who, ` changed package #${id}`, ' in ', { text: 'Packages', to: '/admin/packages' });
    case 'rank.create':
      return say(who, ' created the rank ', {
        text: `“${shown((d.rank as Details | undefined)?.name)}”`,
        to: '/admin/ranks',
      });
    case 'rank.update':
      return say(who, ` changed rank #${id}`, ' in ', { text: 'Ranks', to: '/admin/ranks' });
    case 'rank.order':
      return {
        sentence: [who, ' put the ', { text: 'ranks', to: '/admin/ranks' }, ' in a new order'],
        changes: [
          {
            field: 'order',
            from: shown((d.from as unknown[] | undefined)?.join(', ')),
            to: shown((d.to as unknown[] | undefined)?.join(', ')),
          },
        ],
        notes,
      };
    case 'ranks.evaluate': {
      const result = (d.result ?? {}) as Details;
      return say(
        who,
        ` evaluated ranks: ${plural(Number(result.reached ?? 0), 'rank')} reached, ${formatMoney(str(result.credited) ?? '0')} USDT credited`,
        ' (',
        { text: 'rank achievements', to: '/admin/rank-achievements' },
        ')',
      );
    }
    case 'product.create':
      return say(who, ' created the product ', {
        text: `“${shown((d.product as Details | undefined)?.name)}”`,
        to: '/admin/products',
      });
    case 'product.update':
      return say(who, ` changed product #${id}`, ' in ', { text: 'Products', to: '/admin/products' });
    case 'product.image':
      return say(who, ` uploaded a new picture for product #${id}`, ' in ', {
        text: 'Products',
        to: '/admin/products',
      });
    case 'plan.close':
      return say(
        who,
        ` ran the daily matching close of ${id}`,
        ' (',
        { text: 'matching bonus report', to: '/admin-matching-bonus' },
        ')',
      );
    case 'plan.close.pay':
      return say(
        d.automatic === true ? 'The portal' : who,
        ` paid the reviewed close of ${id}${typeof d.members === 'number' ? ` to ${plural(d.members, 'member')}` : ''}${d.automatic === true ? ' once its review delay had passed' : ''}`,
        ' (',
        { text: 'matching bonus report', to: '/admin-matching-bonus' },
        ')',
      );
    case 'consolidation.start':
      return say(
        who,
        ` started consolidation #${id} of deposit addresses holding at least ${formatMoney(str(d.threshold))} USDT`,
        ' (',
        { text: 'history', to: '/deposit-consolidate-history' },
        ')',
      );
    case 'consolidation.resume':
      return say(
        who,
        ` resumed consolidation #${id}`,
        ' (',
        { text: 'history', to: '/deposit-consolidate-history' },
        ')',
      );
    case 'deposit.recover':
      return say(
        who,
        ` recovered deposit #${id} by its transaction ${str(d.txHash) ?? '?'}`,
        ' (',
        { text: 'deposit history', to: '/deposit-history' },
        ')',
      );
    case 'hot_wallet.move_from_treasury':
      return say(
        who,
        ` moved ${formatMoney(str(d.amount))} USDT from the treasury to the hot wallet`,
        ' (',
        { text: 'BEP20 wallets', to: '/bep20-wallets' },
        ')',
      );
    case 'hot_wallet.return_to_treasury':
      if (str(d.txHash)) notes.push({ label: 'Transaction', text: str(d.txHash)! });
      return say(
        who,
        ` sent ${formatMoney(str(d.amount))} USDT above the hot wallet's cap of ${formatMoney(str(d.cap))} USDT back to the treasury (`,
        { text: 'BEP20 wallets', to: '/bep20-wallets' },
        ')',
      );
    case 'payout.restore_check': {
      const found = Array.isArray(d.found) ? d.found.length : 0;
      const released = Array.isArray(d.released) ? d.released.length : 0;
      return say(
        who,
        ` matched the payouts held by a restore with the hot wallet's transfers since block ${shown(d.fromBlock)}: ` +
          `${plural(found, 'payout')} found on chain and settled as paid, ${plural(released, 'payout')} released to be paid (`,
        { text: 'withdrawal history', to: '/withdraw-approval-history' },
        ')',
      );
    }
    case 'hot_wallet.book_capital':
      if (str(d.reason)) notes.push({ label: 'Reason', text: str(d.reason)! });
      return say(
        who,
        ` booked ${formatMoney(str(d.amount))} USDT sent from ${shown(d.sender)} as capital`,
        ' (',
        { text: 'BEP20 wallets', to: '/bep20-wallets' },
        ')',
      );
    case 'redemption.approve':
      return say(
        who,
        ` approved redemption #${id} of `,
        whom,
        `: ${shown(d.quantity)} × ${shown(d.product)} for ${formatMoney(str(d.points))} points`,
      );
    case 'redemption.reject':
      if (str(d.reason)) notes.push({ label: 'Reason', text: str(d.reason)! });
      // The stock stops at the catalogue's bound (apps/api/src/redemptions/decide.ts): say when pieces did not go back.
      if (typeof d.stockReturned === 'number' && typeof d.quantity === 'number' && d.stockReturned < d.quantity) {
        notes.push({
          label: 'Stock',
          text: `${d.stockReturned} of ${d.quantity} pieces put back; the rest would have passed the ${formatCount(MAX_PRODUCT_STOCK)} stock limit`,
        });
      }
      return say(who, ` rejected redemption #${id} of `, whom, `; ${formatMoney(str(d.points))} points returned`);
    case 'withdrawal.approve':
      return say(who, ` approved `, { text: `withdrawal #${id}`, to: '/withdraw-approval-history' }, ' for payout');
    case 'withdrawal.approve_first':
      return say(
        who,
        ` gave `,
        { text: `withdrawal #${id}`, to: '/withdraw-approval' },
        ' its first approval; it waits for a second admin',
      );
    case 'withdrawal.auto_approve':
      if (str(d.note)) notes.push({ label: 'Policy', text: str(d.note)! });
      return say(
        who,
        ' approved ',
        { text: `withdrawal #${id}`, to: '/withdraw-approval-history' },
        ' automatically for payout',
      );
    case 'withdrawal.reject':
      if (str(d.reason)) notes.push({ label: 'Reason', text: str(d.reason)! });
      return say(
        who,
        ' rejected ',
        { text: `withdrawal #${id}`, to: '/withdraw-approval-history' },
        '; the amount went back to the member',
      );
    case 'withdrawal.refund':
      if (str(d.failure)) notes.push({ label: 'Failure', text: str(d.failure)! });
      return say(who, ' refunded the failed payout of ', {
        text: `withdrawal #${id}`,
        to: '/withdraw-approval-history',
      });
    case 'withdrawal.retry':
      return say(who, ' retried the payout of ', { text: `withdrawal #${id}`, to: '/withdraw-approval-history' });
    case 'auth.throttle.address':
      return say(`The portal slowed down sign-ins from the address ${id} after ${shown(d.failures)} failures`);
    case 'auth.throttle.username':
      return say(`The portal slowed down sign-ins to the username “${id}” after ${shown(d.failures)} failures`);
    case 'auth.throttle.device':
      return say(`The portal slowed down sign-ins from the browser ${id} after ${shown(d.failures)} failures`);
    case 'deposit.credit_held':
      return say(who, ' credited the held ', { text: `deposit #${id}`, to: '/deposit-history' }, ' after checking it');
    case 'deposit.reject_held':
      if (str(d.reason)) notes.push({ label: 'Reason', text: str(d.reason)! });
      return say(
        who,
        ' rejected the held ',
        { text: `deposit #${id}`, to: '/deposit-history' },
        '; it is not credited',
      );
    case 'screening.add':
      if (str(d.reason)) notes.push({ label: 'Reason', text: str(d.reason)! });
      return say(
        who,
        ` listed the address ${id} for screening (`,
        { text: 'address screening', to: '/address-screening' },
        ')',
      );
    case 'screening.remove':
      if (str(d.reason)) notes.push({ label: 'Reason', text: str(d.reason)! });
      return say(
        who,
        ` took the address ${id} off the screening list (`,
        { text: 'address screening', to: '/address-screening' },
        ')',
      );
    case 'auth.second_factor.locked':
      return say('The portal paused two-factor checks of ', whom, ` after ${shown(d.failures)} wrong codes`);
    case 'deposit_rescan.start':
      return say(
        who,
        ` started rescan #${id} of blocks ${shown(d.fromBlock)} to ${shown(d.toBlock)} (`,
        { text: 'deposit history', to: '/deposit-history' },
        ')',
      );
    case 'deposit_rescan.cancel':
      return say(who, ` cancelled rescan #${id} before block ${shown(d.nextBlock)}`);
    case 'deposit.rescan':
      return say(
        who,
        ` recorded `,
        { text: `deposit #${id}`, to: '/deposit-history' },
        ` found by rescan #${shown(d.rescanId)} (blocks ${shown(d.fromBlock)} to ${shown(d.toBlock)})`,
      );
    case 'change.propose':
    case 'change.confirm':
    case 'change.cancel':
    case 'change.apply':
    case 'change.fail': {
      if (str(d.summary)) notes.push({ label: 'Change', text: str(d.summary)! });
      if (str(d.outcome)) notes.push({ label: 'Why not', text: str(d.outcome)! });
      const change = { text: `change #${id}`, to: '/admin/settings' };
      if (entry.action === 'change.propose')
        return say(who, ' proposed ', change, d.needsConfirmation ? '' : ' (no other admin to confirm it)');
      if (entry.action === 'change.confirm') return say(who, ' confirmed ', change);
      if (entry.action === 'change.cancel') return say(who, ' cancelled ', change);
      if (entry.action === 'change.fail') return say(change, ' fell due but could not take effect');
      return say(change, d.unconfirmed ? ' took effect unconfirmed (no other admin could confirm it)' : ' took effect');
    }
    case 'portal.live':
      return say(who, ' declared the portal live (loosening changes now wait for a second admin and a delay)');
    case 'demo.seed':
      if (str(d.summary)) notes.push({ label: 'Demo data', text: str(d.summary)! });
      return say(who, ' filled the portal with demo data');
    default:
      return say(who, ` did “${entry.action}”`, ...(entry.targetType ? [' on ', whom] : []));
  }
}

/** The sentence as plain text (for a label, a test, a screen reader). */
export const sentenceText = (parts: SentencePart[]): string =>
  parts.map((part) => (typeof part === 'string' ? part : part.text)).join('');

/** Every action the API records, with its name for the filter. */
export const AUDIT_ACTIONS: Array<{ value: string; label: string }> = [
  { value: 'member.adjust', label: 'Balance adjustment' },
  { value: 'user.create_admin', label: 'Admin created' },
  { value: 'user.block', label: 'Account blocked' },
  { value: 'user.unblock', label: 'Account unblocked' },
  { value: 'user.role', label: 'Role changed' },
  { value: 'user.sign_in_reset', label: 'Sign-in reset' },
  { value: 'user.password_reset', label: 'Password reset' },
  { value: 'user.password_reset_by_operator', label: 'Password reset by the operator' },
  { value: 'settings.update', label: 'Settings changed' },
  { value: 'package.create', label: 'Package created' },
  { value: 'package.update', label: 'Package changed' },
  { value: 'rank.create', label: 'Rank created' },
  { value: 'rank.update', label: 'Rank changed' },
  { value: 'rank.order', label: 'Ranks reordered' },
  { value: 'ranks.evaluate', label: 'Ranks evaluated' },
  { value: 'product.create', label: 'Product created' },
  { value: 'product.update', label: 'Product changed' },
  { value: 'product.image', label: 'Product picture' },
  { value: 'plan.close', label: 'Daily close' },
  { value: 'plan.close.pay', label: 'Reviewed close paid' },
  { value: 'consolidation.start', label: 'Consolidation started' },
  { value: 'consolidation.resume', label: 'Consolidation resumed' },
  { value: 'deposit.recover', label: 'Deposit recovered' },
  { value: 'hot_wallet.move_from_treasury', label: 'Treasury to hot wallet' },
  { value: 'hot_wallet.book_capital', label: 'Capital booked' },
  { value: 'hot_wallet.return_to_treasury', label: 'Hot wallet excess returned' },
  { value: 'payout.restore_check', label: 'Payouts checked after a restore' },
  { value: 'redemption.approve', label: 'Redemption approved' },
  { value: 'redemption.reject', label: 'Redemption rejected' },
  { value: 'withdrawal.approve_first', label: 'Withdrawal first approval' },
  { value: 'withdrawal.approve', label: 'Withdrawal approved' },
  { value: 'withdrawal.auto_approve', label: 'Withdrawal approved automatically' },
  { value: 'withdrawal.reject', label: 'Withdrawal rejected' },
  { value: 'withdrawal.refund', label: 'Withdrawal refunded' },
  { value: 'withdrawal.retry', label: 'Payout retried' },
  { value: 'auth.throttle.address', label: 'Sign-ins slowed (address)' },
  { value: 'auth.throttle.username', label: 'Sign-ins slowed (username)' },
  { value: 'auth.throttle.device', label: 'Sign-ins slowed (browser)' },
  { value: 'auth.second_factor.locked', label: 'Two-factor checks paused' },
  { value: 'deposit.credit_held', label: 'Held deposit credited' },
  { value: 'deposit.reject_held', label: 'Held deposit rejected' },
  { value: 'screening.add', label: 'Address listed' },
  { value: 'screening.remove', label: 'Address unlisted' },
  { value: 'deposit_rescan.start', label: 'Rescan started' },
  { value: 'deposit_rescan.cancel', label: 'Rescan cancelled' },
  { value: 'deposit.rescan', label: 'Deposit found by a rescan' },
  { value: 'demo.seed', label: 'Demo data' },
  { value: 'change.propose', label: 'Change proposed' },
  { value: 'change.confirm', label: 'Change confirmed' },
  { value: 'change.cancel', label: 'Change cancelled' },
  { value: 'change.apply', label: 'Change took effect' },
  { value: 'change.fail', label: 'Change could not take effect' },
  { value: 'portal.live', label: 'Portal declared live' },
];

export const actionLabel = (action: string) => AUDIT_ACTIONS.find((a) => a.value === action)?.label ?? action;
