import { MAX_PRODUCT_STOCK, WALLET_LABELS, type AuditEntry, type Wallet } from '@portal/contract';
import { formatCount, formatMoney } from '../../shared/format';
import { plural } from '../../shared/words';

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

/** What every describer reads: the entry, its parts in words, and the two ways to answer. */
interface Told {
  entry: AuditEntry;
  d: Details;
  who: SentencePart;
  whom: SentencePart;
  id: string;
  changes: Change[];
  /** Keeps a labelled text with the entry, when there is one (an empty reason is left out). */
  note: (label: string, text: unknown) => void;
  say: (...sentence: SentencePart[]) => AuditDescription;
}

type Describer = (told: Told) => AuditDescription;

/** A change that waits for a second admin, at each of its five steps: one sentence each, the same notes. */
const describeChange: Describer = ({ entry, d, who, id, note, say }) => {
  note('Change', d.summary);
  note('Why not', d.outcome);
  const change = { text: `change #${id}`, to: '/admin/settings' };
  if (entry.action === 'change.propose')
    return say(who, ' proposed ', change, d.needsConfirmation ? '' : ' (no other admin to confirm it)');
  if (entry.action === 'change.confirm') return say(who, ' confirmed ', change);
  if (entry.action === 'change.cancel') return say(who, ' cancelled ', change);
  if (entry.action === 'change.fail') return say(change, ' fell due but could not take effect');
  return say(change, d.unconfirmed ? ' took effect unconfirmed (no other admin could confirm it)' : ' took effect');
};

/** Identity checks (apps/api/src/kyc/): each document viewed, each decision. */
const identityPage = { text: 'Identity checks', to: '/admin-identity-checks' };
const IDENTITY: Record<string, Describer> = {
  'identity.document_view': ({ d, who, whom, say }) =>
    say(who, ` viewed the ${shown(d.side)} identity document of `, whom, ' in ', identityPage),
  'identity.approve': ({ who, whom, say }) => say(who, ' approved the identity check of ', whom),
  'identity.reject': ({ d, who, whom, note, say }) => {
    note('Reason', d.reason);
    return say(who, ' rejected the identity check of ', whom);
  },
};

/** The operator's webhook endpoints (apps/api/src/webhooks/). */
const webhooksPage = { text: 'Webhooks', to: '/admin-webhooks' };
const WEBHOOKS: Record<string, Describer> = {
  'webhook.create': ({ d, who, say }) => say(who, ` added the webhook endpoint ${shown(d.url)} in `, webhooksPage),
  'webhook.update': ({ who, id, say }) => say(who, ` changed webhook endpoint #${id} in `, webhooksPage),
  'webhook.delete': ({ d, who, say }) => say(who, ` deleted the webhook endpoint ${shown(d.url)} in `, webhooksPage),
  'webhook.test': ({ who, id, say }) => say(who, ` sent a test event to webhook endpoint #${id} in `, webhooksPage),
  'webhook.redeliver': ({ d, who, id, say }) =>
    say(who, ` redelivered delivery #${shown(d.delivery)} of webhook endpoint #${id} in `, webhooksPage),
  'webhook.disable_failing': ({ d, say }) =>
    say(`The webhook endpoint ${shown(d.url)} was disabled after three days of failed deliveries (`, webhooksPage, ')'),
};

/** Accounts, settings and the catalogue: what the admins change. */
const ADMINISTRATION: Record<string, Describer> = {
  'member.adjust': ({ d, who, whom, note, say }) => {
    const credit = d.direction !== 'debit';
    note('Member reads', d.memo);
    note('Internal note', d.reason);
    const amount = `${formatMoney(str(d.amount))} ${unitOf(d.wallet)}`;
    return say(
      who,
      ` ${credit ? 'credited' : 'debited'} ${amount} ${credit ? 'to' : 'from'} the ${walletLabel(d.wallet)} of `,
      whom,
    );
  },
  'user.create_admin': ({ who, whom, say }) => say(who, ' created the admin account ', whom),
  'user.block': ({ who, whom, say }) => say(who, ' blocked ', whom, ' (signed out everywhere)'),
  'user.unblock': ({ who, whom, say }) => say(who, ' unblocked ', whom),
  'user.role': ({ d, who, whom, say }) => ({
    ...say(who, ' changed the role of ', whom),
    changes: [{ field: 'role', from: shown(d.from), to: shown(d.to) }],
  }),
  'user.password_reset': ({ who, whom, say }) => say(who, ' set a new password for ', whom, ' (signed out everywhere)'),
  'user.sign_in_reset': ({ who, whom, say }) =>
    say(who, ' reset the sign-in of ', whom, ' (signed out everywhere, mailed a reset link)'),
  'member.view_as': ({ who, whom, say }) => say(who, ' viewed the account of ', whom, ' as support, read-only'),
  'member.view_as_end': ({ who, whom, say }) => say(who, ' ended the support view of ', whom),
  'user.password_reset_by_operator': ({ whom, say }) =>
    say('The server operator set a new password for ', whom, ' from the command line'),
  'settings.update': ({ who, changes, say }) =>
    say(who, ` changed ${plural(changes.length, 'setting')} in `, { text: 'Settings', to: '/admin/settings' }),
  'package.create': ({ d, who, say }) =>
    say(who, ' created the package ', {
      text: `“${shown((d.package as Details | undefined)?.name)}”`,
      to: '/admin/packages',
    }),
  'package.update': ({ who, id, say }) =>
    say(who, ` changed package #${id}`, ' in ', { text: 'Packages', to: '/admin/packages' }),
  'rank.create': ({ d, who, say }) =>
    say(who, ' created the rank ', {
      text: `“${shown((d.rank as Details | undefined)?.name)}”`,
      to: '/admin/ranks',
    }),
  'rank.update': ({ who, id, say }) => say(who, ` changed rank #${id}`, ' in ', { text: 'Ranks', to: '/admin/ranks' }),
  'rank.order': ({ d, who, say }) => ({
    ...say(who, ' put the ', { text: 'ranks', to: '/admin/ranks' }, ' in a new order'),
    changes: [
      {
        field: 'order',
        from: shown((d.from as unknown[] | undefined)?.join(', ')),
        to: shown((d.to as unknown[] | undefined)?.join(', ')),
      },
    ],
  }),
  'product.create': ({ d, who, say }) =>
    say(who, ' created the product ', {
      text: `“${shown((d.product as Details | undefined)?.name)}”`,
      to: '/admin/products',
    }),
  'product.update': ({ who, id, say }) =>
    say(who, ` changed product #${id}`, ' in ', { text: 'Products', to: '/admin/products' }),
  'product.image': ({ who, id, say }) =>
    say(who, ` uploaded a new picture for product #${id}`, ' in ', {
      text: 'Products',
      to: '/admin/products',
    }),
  'screening.add': ({ d, who, id, note, say }) => {
    note('Reason', d.reason);
    return say(
      who,
      ` listed the address ${id} for screening (`,
      { text: 'address screening', to: '/address-screening' },
      ')',
    );
  },
  'screening.remove': ({ d, who, id, note, say }) => {
    note('Reason', d.reason);
    return say(
      who,
      ` took the address ${id} off the screening list (`,
      { text: 'address screening', to: '/address-screening' },
      ')',
    );
  },
  ...WEBHOOKS,
  'change.propose': describeChange,
  'change.confirm': describeChange,
  'change.cancel': describeChange,
  'change.apply': describeChange,
  'change.fail': describeChange,
  'portal.live': ({ who, say }) =>
    say(who, ' declared the portal live (loosening changes now wait for a second admin and a delay)'),
  'demo.seed': ({ d, who, note, say }) => {
    note('Demo data', d.summary);
    return say(who, ' filled the portal with demo data');
  },
};

/** The plan's closes and bonuses. */
const PLAN: Record<string, Describer> = {
  'purchase.refund_request': ({ d, who, id, note, say }) => {
    note('Reason', d.reason);
    return say(
      who,
      ` asked for the refund of ${str(d.buyer) ?? 'a member'}'s ${str(d.package) ?? 'package'} (purchase #${id}); another admin confirms it`,
      ' (',
      { text: 'purchases', to: '/admin/purchases' },
      ')',
    );
  },
  'purchase.refund': ({ d, who, id, note, say }) => {
    note('Reason', d.reason);
    return say(
      who,
      ` refunded ${str(d.buyer) ?? 'a member'}'s ${str(d.package) ?? 'package'} (purchase #${id}, ${formatMoney(str(d.price) ?? '0')} USDT)`,
      ' (',
      { text: 'purchases', to: '/admin/purchases' },
      ')',
    );
  },
  'ranks.evaluate': ({ d, who, say }) => {
    const result = (d.result ?? {}) as Details;
    return say(
      who,
      ` evaluated ranks: ${plural(Number(result.reached ?? 0), 'rank')} reached, ${formatMoney(str(result.credited) ?? '0')} USDT credited`,
      ' (',
      { text: 'rank achievements', to: '/admin/rank-achievements' },
      ')',
    );
  },
  'plan.close': ({ who, id, say }) =>
    say(
      who,
      ` ran the daily matching close of ${id}`,
      ' (',
      { text: 'matching bonus report', to: '/admin-matching-bonus' },
      ')',
    ),
  'plan.close.pay': ({ d, who, id, say }) =>
    say(
      d.automatic === true ? 'The portal' : who,
      ` paid the reviewed close of ${id}${typeof d.members === 'number' ? ` to ${plural(d.members, 'member')}` : ''}${d.automatic === true ? ' once its review delay had passed' : ''}`,
      ' (',
      { text: 'matching bonus report', to: '/admin-matching-bonus' },
      ')',
    ),
};

/** Deposits, the treasury and the hot wallet: money on chain. */
const CHAIN: Record<string, Describer> = {
  'consolidation.start': ({ d, who, id, say }) =>
    say(
      who,
      ` started consolidation #${id} of deposit addresses holding at least ${formatMoney(str(d.threshold))} USDT`,
      ' (',
      { text: 'history', to: '/deposit-consolidate-history' },
      ')',
    ),
  'consolidation.resume': ({ who, id, say }) =>
    say(who, ` resumed consolidation #${id}`, ' (', { text: 'history', to: '/deposit-consolidate-history' }, ')'),
  'reserves.publish': ({ who, id, say }) =>
    say(who, ` published proof of reserves #${id}`, ' (', { text: 'the proofs', to: '/proof-of-reserves' }, ')'),
  'deposit.recover': ({ d, who, id, say }) =>
    say(
      who,
      ` recovered deposit #${id} by its transaction ${str(d.txHash) ?? '?'}`,
      ' (',
      { text: 'deposit history', to: '/deposit-history' },
      ')',
    ),
  'hot_wallet.move_from_treasury': ({ d, who, say }) =>
    say(
      who,
      ` moved ${formatMoney(str(d.amount))} USDT from the treasury to the hot wallet`,
      ' (',
      { text: 'BEP20 wallets', to: '/bep20-wallets' },
      ')',
    ),
  'hot_wallet.return_to_treasury': ({ d, who, note, say }) => {
    note('Transaction', d.txHash);
    return say(
      who,
      ` sent ${formatMoney(str(d.amount))} USDT above the hot wallet's cap of ${formatMoney(str(d.cap))} USDT back to the treasury (`,
      { text: 'BEP20 wallets', to: '/bep20-wallets' },
      ')',
    );
  },
  'payout.restore_check': ({ d, who, say }) => {
    const found = Array.isArray(d.found) ? d.found.length : 0;
    const released = Array.isArray(d.released) ? d.released.length : 0;
    return say(
      who,
      ` matched the payouts held by a restore with the hot wallet's transfers since block ${shown(d.fromBlock)}: ` +
        `${plural(found, 'payout')} found on chain and settled as paid, ${plural(released, 'payout')} released to be paid (`,
      { text: 'withdrawal history', to: '/withdraw-approval-history' },
      ')',
    );
  },
  'hot_wallet.book_capital': ({ d, who, note, say }) => {
    note('Reason', d.reason);
    return say(
      who,
      ` booked ${formatMoney(str(d.amount))} USDT sent from ${shown(d.sender)} as capital`,
      ' (',
      { text: 'BEP20 wallets', to: '/bep20-wallets' },
      ')',
    );
  },
  'deposit.credit_held': ({ who, id, say }) =>
    say(who, ' credited the held ', { text: `deposit #${id}`, to: '/deposit-history' }, ' after checking it'),
  'deposit.reject_held': ({ d, who, id, note, say }) => {
    note('Reason', d.reason);
    return say(who, ' rejected the held ', { text: `deposit #${id}`, to: '/deposit-history' }, '; it is not credited');
  },
  'deposit_rescan.start': ({ d, who, id, say }) =>
    say(
      who,
      ` started rescan #${id} of blocks ${shown(d.fromBlock)} to ${shown(d.toBlock)} (`,
      { text: 'deposit history', to: '/deposit-history' },
      ')',
    ),
  'deposit_rescan.cancel': ({ d, who, id, say }) =>
    say(who, ` cancelled rescan #${id} before block ${shown(d.nextBlock)}`),
  'deposit.rescan': ({ d, who, id, say }) =>
    say(
      who,
      ` recorded `,
      { text: `deposit #${id}`, to: '/deposit-history' },
      ` found by rescan #${shown(d.rescanId)} (blocks ${shown(d.fromBlock)} to ${shown(d.toBlock)})`,
    ),
};

/** Money going out to members: redemptions and withdrawals. */
const PAYOUTS: Record<string, Describer> = {
  'redemption.approve': ({ d, who, whom, id, say }) =>
    say(
      who,
      ` approved redemption #${id} of `,
      whom,
      `: ${shown(d.quantity)} × ${shown(d.product)} for ${formatMoney(str(d.points))} points`,
    ),
  'redemption.reject': ({ d, who, whom, id, note, say }) => {
    note('Reason', d.reason);
    // The stock stops at the catalogue's bound (apps/api/src/redemptions/decide.ts): say when pieces did not go back.
    if (typeof d.stockReturned === 'number' && typeof d.quantity === 'number' && d.stockReturned < d.quantity) {
      note(
        'Stock',
        `${d.stockReturned} of ${d.quantity} pieces put back; the rest would have passed the ${formatCount(MAX_PRODUCT_STOCK)} stock limit`,
      );
    }
    return say(who, ` rejected redemption #${id} of `, whom, `; ${formatMoney(str(d.points))} points returned`);
  },
  'withdrawal.approve': ({ who, id, say }) =>
    say(who, ` approved `, { text: `withdrawal #${id}`, to: '/withdraw-approval-history' }, ' for payout'),
  'withdrawal.approve_first': ({ who, id, say }) =>
    say(
      who,
      ` gave `,
      { text: `withdrawal #${id}`, to: '/withdraw-approval' },
      ' its first approval; it waits for a second admin',
    ),
  'withdrawal.auto_approve': ({ d, who, id, note, say }) => {
    note('Policy', d.note);
    return say(
      who,
      ' approved ',
      { text: `withdrawal #${id}`, to: '/withdraw-approval-history' },
      ' automatically for payout',
    );
  },
  'withdrawal.reject': ({ d, who, id, note, say }) => {
    note('Reason', d.reason);
    return say(
      who,
      ' rejected ',
      { text: `withdrawal #${id}`, to: '/withdraw-approval-history' },
      '; the amount went back to the member',
    );
  },
  'withdrawal.refund': ({ d, who, id, note, say }) => {
    note('Failure', d.failure);
    return say(who, ' refunded the failed payout of ', {
      text: `withdrawal #${id}`,
      to: '/withdraw-approval-history',
    });
  },
  'withdrawal.retry': ({ who, id, say }) =>
    say(who, ' retried the payout of ', { text: `withdrawal #${id}`, to: '/withdraw-approval-history' }),
};

/** What the portal does on its own to slow down guessing. */
const SIGN_IN: Record<string, Describer> = {
  'auth.throttle.address': ({ d, id, say }) =>
    say(`The portal slowed down sign-ins from the address ${id} after ${shown(d.failures)} failures`),
  'auth.throttle.username': ({ d, id, say }) =>
    say(`The portal slowed down sign-ins to the username “${id}” after ${shown(d.failures)} failures`),
  'auth.throttle.device': ({ d, id, say }) =>
    say(`The portal slowed down sign-ins from the browser ${id} after ${shown(d.failures)} failures`),
  'auth.second_factor.locked': ({ d, whom, say }) =>
    say('The portal paused two-factor checks of ', whom, ` after ${shown(d.failures)} wrong codes`),
};

// A Map, not the object itself: an action named like an Object member (`constructor`) must find no describer.
const DESCRIBERS = new Map<string, Describer>(
  Object.entries({ ...ADMINISTRATION, ...PLAN, ...CHAIN, ...PAYOUTS, ...SIGN_IN, ...IDENTITY }),
);

/** An action without words of its own (one the API added since): its name, and whom it was done to. */
const describeUnknown: Describer = ({ entry, who, whom, say }) =>
  say(who, ` did “${entry.action}”`, ...(entry.targetType ? [' on ', whom] : []));

/** From an action to its sentence: every action the API records has its words in the tables above. */
export function describeAuditEntry(entry: AuditEntry): AuditDescription {
  const d = (entry.details ?? {}) as Details;
  const changes = changesOf(d);
  const notes: AuditDescription['notes'] = [];
  const told: Told = {
    entry,
    d,
    who: actorPart(entry),
    whom: subjectPart(entry, d),
    id: entry.targetId ?? '?',
    changes,
    note: (label, value) => {
      const text = str(value);
      if (text) notes.push({ label, text });
    },
    say: (...sentence) => ({ sentence, changes, notes }),
  };
  return (DESCRIBERS.get(entry.action) ?? describeUnknown)(told);
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
  { value: 'member.view_as', label: 'Support view' },
  { value: 'member.view_as_end', label: 'Support view ended' },
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
  { value: 'purchase.refund_request', label: 'Refund asked' },
  { value: 'purchase.refund', label: 'Purchase refunded' },
  { value: 'plan.close', label: 'Daily close' },
  { value: 'plan.close.pay', label: 'Reviewed close paid' },
  { value: 'consolidation.start', label: 'Consolidation started' },
  { value: 'consolidation.resume', label: 'Consolidation resumed' },
  { value: 'deposit.recover', label: 'Deposit recovered' },
  { value: 'reserves.publish', label: 'Proof of reserves published' },
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
  { value: 'webhook.create', label: 'Webhook endpoint added' },
  { value: 'webhook.update', label: 'Webhook endpoint changed' },
  { value: 'webhook.delete', label: 'Webhook endpoint deleted' },
  { value: 'webhook.test', label: 'Webhook test event sent' },
  { value: 'webhook.redeliver', label: 'Webhook delivery sent again' },
  { value: 'webhook.disable_failing', label: 'Failing webhook endpoint disabled' },
  { value: 'identity.document_view', label: 'Identity document viewed' },
  { value: 'identity.approve', label: 'Identity check approved' },
  { value: 'identity.reject', label: 'Identity check rejected' },
];

export const actionLabel = (action: string) => AUDIT_ACTIONS.find((a) => a.value === action)?.label ?? action;
