import { SearchField, SelectFilter, type Choice } from './ListFilters';

const STATUS_CHOICES: Choice[] = [
  { value: 'active', label: 'Active' },
  { value: 'blocked', label: 'Blocked' },
];

interface FilterProps {
  value: string;
  onChange: (value: string) => void;
}

/** The admin account lists' (Members, Users) search: one box for username, name or email. */
export function AccountSearchField(props: FilterProps) {
  return <SearchField placeholder="Username, name or email" {...props} />;
}

/** The admin account lists' status filter: active or blocked. */
export function AccountStatusFilter(props: FilterProps) {
  return <SelectFilter label="Status" choices={STATUS_CHOICES} {...props} />;
}
