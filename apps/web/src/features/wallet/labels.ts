import { ENTRY_TYPE_LABELS, type EntryType, type Unit, type Wallet } from '@portal/contract';

export const unitLabel = (unit: Unit | string): string => (unit === 'POINT' ? 'points' : 'USDT');

export const walletUnit = (wallet: Wallet): string => (wallet === 'points' ? 'points' : 'USDT');

export const entryTypeLabel = (type: string): string =>
  ENTRY_TYPE_LABELS[type as EntryType] ?? type.replaceAll('_', ' ');

export const ENTRY_TYPE_CHOICES = Object.entries(ENTRY_TYPE_LABELS).map(([value, label]) => ({ value, label }));

export const WALLET_CHOICES = [
  { value: 'deposit', label: 'Deposit wallet' },
  { value: 'income', label: 'Income wallet' },
  { value: 'points', label: 'Point wallet' },
];
