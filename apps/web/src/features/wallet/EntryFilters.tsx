import type { ReactNode } from 'react';
import { DateFilter, SearchField, SelectFilter, type Choice } from '../../shared/components/ListFilters';
import { filterProps, type ListParams } from '../../shared/list-params';
import { ENTRY_KIND_CHOICES, ENTRY_TYPE_CHOICES, WALLET_CHOICES } from './labels';

const DIRECTION_CHOICES: Choice[] = [
  { value: 'in', label: 'Money in' },
  { value: 'out', label: 'Money out' },
];

export type EntryFilterName = 'member' | 'wallet' | 'type' | 'kind' | 'direction' | 'from' | 'to';

/** The filters of a money history (wallet page, Transactions, a member's history), in the order given: a `ListCard`'s `filters`. */
export function EntryFilters<F extends string>({
  list,
  fields,
}: {
  list: ListParams<F>;
  fields: ReadonlyArray<EntryFilterName & F>;
}) {
  type Name = EntryFilterName & F;
  const select = (label: string, choices: Choice[], anyLabel: string) => (name: Name) => (
    <SelectFilter key={name} label={label} choices={choices} anyLabel={anyLabel} {...filterProps(list, name)} />
  );
  const day = (label: string) => (name: Name) => <DateFilter key={name} label={label} {...filterProps(list, name)} />;
  const controls: Record<EntryFilterName, (name: Name) => ReactNode> = {
    member: (name) => (
      <SearchField key={name} label="Member" placeholder="Exact username" {...filterProps(list, name)} />
    ),
    wallet: select('Wallet', WALLET_CHOICES, 'All wallets'),
    type: select('Type', ENTRY_TYPE_CHOICES, 'All types'),
    // The owner's view: a referral bonus is not "Package purchase".
    kind: select('Kind', ENTRY_KIND_CHOICES, 'All kinds'),
    direction: select('Direction', DIRECTION_CHOICES, 'In and out'),
    from: day('From'),
    to: day('To'),
  };
  return <>{fields.map((name) => controls[name](name))}</>;
}
