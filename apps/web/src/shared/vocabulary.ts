/**
 * The portal's words, each defined once: the word a page shows for a status or a wallet, and what it means here
 * (PRODUCT.md, docs/plan.md). Chips, filters, help icons (components/TermHelp.tsx) and the glossary
 * (/glossary) read them from this file. Not imported by the sign-in page's modules (shared/format.ts is one):
 * the definitions would weigh on its budget (e2e/sign-in-weight.spec.ts).
 */
import { WALLET_LABELS } from '@portal/contract';

export type TermId =
  | 'active'
  | 'placed'
  | 'enabled'
  | 'blocked'
  | 'pending'
  | 'approved'
  | 'paid'
  | 'rejected'
  | 'failed'
  | 'refunded'
  | 'held'
  | 'owed'
  | 'bv'
  | 'depositWallet'
  | 'incomeWallet'
  | 'pointWallet'
  | 'treasury'
  | 'hotWallet'
  | 'gasWallet';

export interface Term {
  id: TermId;
  /** The word as a page shows it, capitalised as a label. */
  word: string;
  /** The glossary entry's anchor: `/glossary#<anchor>`. */
  anchor: string;
  /** One or two sentences, true to what the portal does. */
  definition: string;
  /** The glossary's section. */
  group: 'members' | 'requests' | 'money';
}

type Entry = Omit<Term, 'id' | 'anchor'>;

const ENTRIES: Record<TermId, Entry> = {
  active: {
    group: 'members',
    word: 'Active',
    definition:
      'A member who holds a package: they have bought at least one. Only active members earn referral and matching bonuses and hold ranks.',
  },
  placed: {
    group: 'members',
    word: 'Placed',
    definition:
      'A member with a position in the binary tree, on the left or right leg of someone above. Until placed they wait on their sponsor’s Placement page, and the BV they buy flows up the legs once they are placed.',
  },
  enabled: {
    group: 'members',
    word: 'Enabled',
    definition:
      'An account that is not blocked: it signs in and receives transfers. It says nothing about a package (see Active) or the tree (see Placed).',
  },
  blocked: {
    group: 'members',
    word: 'Blocked',
    definition:
      'An account an admin blocked: it cannot sign in (its sessions end at once) and cannot receive transfers, and its pending withdrawals are flagged for review.',
  },
  pending: {
    group: 'requests',
    word: 'Pending',
    definition:
      'Asked for and waiting for an admin’s decision (a withdrawal, a redemption). What was asked for has already left the member’s wallet and comes back if it is rejected.',
  },
  approved: {
    group: 'requests',
    word: 'Approved',
    definition:
      'Accepted under the approval rules in force. An approved withdrawal’s payout is being sent from the hot wallet until it is paid; an approved redemption is shipped.',
  },
  paid: {
    group: 'requests',
    word: 'Paid',
    definition:
      'A withdrawal whose payout is final on BNB Smart Chain: the amount less the fee arrived at the member’s address, and the transaction is recorded.',
  },
  rejected: {
    group: 'requests',
    word: 'Rejected',
    definition:
      'Refused by an admin with a reason. A rejected withdrawal or redemption is returned in full; a rejected held deposit is never credited.',
  },
  failed: {
    group: 'requests',
    word: 'Failed',
    definition:
      'An approved withdrawal whose payout did not go through (the hot wallet was short, or the transaction reverted). It waits for an admin to retry the payout or refund it.',
  },
  refunded: {
    group: 'requests',
    word: 'Refunded',
    definition: 'A failed withdrawal whose amount an admin returned to the member’s income wallet.',
  },
  held: {
    group: 'requests',
    word: 'Held',
    definition:
      'A deposit whose sender is on the address screening list: recorded but not credited, it waits for an admin to credit or reject it.',
  },
  owed: {
    group: 'money',
    word: 'Owed',
    definition:
      'What a clawback could not take: when a purchase is cancelled or refunded, the bonuses it paid are taken back from the income wallet, and what it lacked is owed. Later income repays it first.',
  },
  bv: {
    group: 'money',
    word: 'BV',
    definition:
      'Business volume, the figure each package carries. A purchase adds its BV to the legs of every member above the buyer in the binary tree; the matching bonus pays on the weaker leg’s BV.',
  },
  depositWallet: {
    group: 'money',
    word: WALLET_LABELS.deposit,
    definition:
      'USDT from your BEP20 deposits and the transfers you receive. It pays for packages and for transfers to other members.',
  },
  incomeWallet: {
    group: 'money',
    word: WALLET_LABELS.income,
    definition: 'Where your bonuses are credited. Withdrawals and point conversions are taken from it.',
  },
  pointWallet: {
    group: 'money',
    word: WALLET_LABELS.points,
    definition: 'Points converted from the income wallet, spent on product redemptions.',
  },
  treasury: {
    group: 'money',
    word: 'Treasury',
    definition:
      'The company’s main wallet: consolidation sweeps deposits to it once the hot wallet holds what withdrawals need plus its target, and it tops up the hot wallet. Its key may be kept off the portal (a cold treasury).',
  },
  hotWallet: {
    group: 'money',
    word: 'Hot wallet',
    definition:
      'The wallet whose key the portal holds to pay approved withdrawals on chain. Consolidations fill it first; the treasury tops it up.',
  },
  gasWallet: {
    group: 'money',
    word: 'Gas wallet',
    definition:
      'Holds BNB to pay network fees for consolidation: it sends each deposit address the gas it needs before its USDT is swept.',
  },
};

/** `hotWallet` → `hot-wallet`: the anchors read as the words do. */
const anchorOf = (id: string) => id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export const TERMS: Readonly<Record<TermId, Term>> = Object.fromEntries(
  Object.entries(ENTRIES).map(([id, entry]) => [id, { id, anchor: anchorOf(id), ...entry }]),
) as Record<TermId, Term>;

/** Every term, in the glossary's order. */
export const TERM_LIST: readonly Term[] = Object.values(TERMS);

export const term = (id: TermId): Term => TERMS[id];

/** The glossary entry of a term: `/glossary#hot-wallet`. */
export const glossaryHref = (id: TermId): string => `/glossary#${TERMS[id].anchor}`;

/** The vocabulary's word for a status the API sends (`pending`, `held`, …); undefined for one it does not define. */
export function statusWord(status: string): string | undefined {
  const entry = (ENTRIES as Partial<Record<string, Entry>>)[status.toLowerCase()];
  // Wallets and figures are not statuses: a status spelled like one of their ids keeps its own word.
  return entry && entry.group !== 'money' ? entry.word : undefined;
}

/**
 * An account's status on the admin lists: `active` there means only "not blocked", which the portal calls Enabled
 * so that Active keeps its one meaning (holds a package).
 */
export const accountStatusTerm = (status: string): Term => (status === 'blocked' ? TERMS.blocked : TERMS.enabled);
