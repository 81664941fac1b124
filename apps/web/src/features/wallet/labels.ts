import {
  ENTRY_KIND_LABELS,
  ENTRY_TYPE_LABELS,
  WALLET_LABELS,
  wallets,
  type EntryKind,
  type EntryType,
  type Wallet,
} from '@portal/contract';

export const unitLabel = (unit: string): string => (unit === 'POINT' ? 'points' : 'USDT');

export const walletUnit = (wallet: Wallet): string => (wallet === 'points' ? 'points' : 'USDT');

export const entryTypeLabel = (type: string): string =>
  ENTRY_TYPE_LABELS[type as EntryType] ?? type.replaceAll('_', ' ');

export const ENTRY_TYPE_CHOICES = Object.entries(ENTRY_TYPE_LABELS).map(([value, label]) => ({ value, label }));

export const WALLET_CHOICES = wallets.map((value) => ({ value, label: WALLET_LABELS[value] }));

/** What a line is to its owner: a purchase entry credited to a sponsor is their referral bonus. */
export function entryKindOf(type: string, amount: string): EntryKind | null {
  const incoming = !amount.trim().startsWith('-');
  switch (type) {
    case 'purchase':
    case 'repurchase':
      return incoming ? 'referral_bonus' : type;
    case 'transfer':
      return incoming ? 'transfer_in' : 'transfer_out';
    default:
      return type in ENTRY_KIND_LABELS ? (type as EntryKind) : null;
  }
}

export const entryKindLabel = (type: string, amount: string): string => {
  const kind = entryKindOf(type, amount);
  return kind ? ENTRY_KIND_LABELS[kind] : entryTypeLabel(type);
};

export const ENTRY_KIND_CHOICES = Object.entries(ENTRY_KIND_LABELS).map(([value, label]) => ({ value, label }));
