import { SelectFilter } from '../../shared/components/ListFilters';
import { useAdminRanks } from './api';

/** A list's rank filter (Members, Rank achievements): every rank by name, its id the value. */
export function RankFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const ranks = useAdminRanks();
  return (
    <SelectFilter
      label="Rank"
      value={value}
      onChange={onChange}
      choices={(ranks.data?.items ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
    />
  );
}
