import type { ReactNode } from 'react';
import { DateFilter, FilterBar, SearchField, SelectFilter } from '../../shared/components/ListFilters';
import type { ListParams } from '../../shared/list-params';
import { ENTRY_KIND_CHOICES, ENTRY_TYPE_CHOICES, WALLET_CHOICES } from './labels';

export type EntryFilterName = 'member' | 'wallet' | 'type' | 'kind' | 'direction' | 'from' | 'to';

/** The filters of a money history (wallet page, Transactions, a member's history), in the order given. */
export function EntryFilters<F extends string>({
  list,
  fields,
}: {
  list: ListParams<F>;
  fields: ReadonlyArray<EntryFilterName & F>;
}) {
  const value = (name: EntryFilterName & F) => list.filters[name];
  const set = (name: EntryFilterName & F) => (text: string) =>
    list.update({ [name]: text } as Parameters<ListParams<F>['update']>[0]);
  const controls: Record<EntryFilterName, (name: EntryFilterName & F) => ReactNode> = {
    member: (name) => (
      <SearchField key={name} label="Member" placeholder="Exact username" value={value(name)} onChange={set(name)} />
    ),
    wallet: (name) => (
      <SelectFilter
        key={name}
        label="Wallet"
        value={value(name)}
        onChange={set(name)}
        choices={WALLET_CHOICES}
        anyLabel="All wallets"
      />
    ),
    type: (name) => (
      <SelectFilter
        key={name}
        label="Type"
        value={value(name)}
        onChange={set(name)}
        choices={ENTRY_TYPE_CHOICES}
        anyLabel="All types"
      />
    ),
    // The owner's view: a referral bonus is not "Package purchase" (issue 15, point 4).
    kind: (name) => (
      <SelectFilter
        key={name}
        label="Kind"
        value={value(name)}
        onChange={set(name)}
        choices={ENTRY_KIND_CHOICES}
        anyLabel="All kinds"
      />
    ),
    direction: (name) => (
      <SelectFilter
        key={name}
        label="Direction"
        value={value(name)}
        onChange={set(name)}
        choices={[
          { value: 'in', label: 'Money in' },
          { value: 'out', label: 'Money out' },
        ]}
        anyLabel="In and out"
      />
    ),
    from: (name) => <DateFilter key={name} label="From" value={value(name)} onChange={set(name)} />,
    to: (name) => <DateFilter key={name} label="To" value={value(name)} onChange={set(name)} />,
  };
  return <FilterBar>{fields.map((name) => controls[name](name))}</FilterBar>;
}
