import { accountStatusTerm } from '../vocabulary';
import { SearchField, SelectFilter, type Choice } from './ListFilters';

// The API's `active` account is only "not blocked": the vocabulary's Enabled, so that Active means holding a package.
const STATUS_CHOICES: Choice[] = ['active', 'blocked'].map((value) => ({
  value,
  label: accountStatusTerm(value).word,
}));

interface FilterProps {
  value: string;
  onChange: (value: string) => void;
}

/** The admin account lists' (Members, Users) search: one box for username, name or email. */
export function AccountSearchField(props: FilterProps) {
  return <SearchField placeholder="Username, name or email" {...props} />;
}

/** The admin account lists' status filter: enabled (the API's `active`) or blocked. */
export function AccountStatusFilter(props: FilterProps) {
  return <SelectFilter label="Status" choices={STATUS_CHOICES} {...props} />;
}
