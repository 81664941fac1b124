import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@portal/contract';
import { api } from '../../shared/api/instance';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { DateFilter, FilterBar, SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { formatDateTime } from '../../shared/format';
import { tableState, useListParams } from '../../shared/list-params';
import { adminKeys } from '../admin-transactions/api';
import type { Page } from '../wallet/api';

const FILTERS = ['action', 'actor', 'targetType', 'targetId', 'from', 'to'] as const;

const ACTIONS = [
  { value: 'member.adjust', label: 'Balance adjustment' },
  { value: 'user.block', label: 'Account blocked' },
  { value: 'user.unblock', label: 'Account unblocked' },
  { value: 'user.role', label: 'Role changed' },
  { value: 'user.password_reset', label: 'Password reset' },
  { value: 'user.create_admin', label: 'Admin created' },
  { value: 'settings.update', label: 'Settings changed' },
];
const actionLabel = (action: string) => ACTIONS.find((a) => a.value === action)?.label ?? action;

/** What an entry's details say, in a line an admin can read. */
function describe(entry: AuditEntry): string {
  const d = entry.details as Record<string, unknown>;
  if (typeof d.summary === 'string') return `${d.summary}${typeof d.reason === 'string' ? ` — “${d.reason}”` : ''}`;
  if (entry.action === 'settings.update' && d.changes && typeof d.changes === 'object') {
    return Object.entries(d.changes as Record<string, { from: string; to: string }>)
      .map(([key, change]) => `${key}: ${change.from} → ${change.to}`)
      .join('; ');
  }
  if (entry.action === 'user.role') return `@${String(d.username)}: ${String(d.from)} → ${String(d.to)}`;
  if (typeof d.username === 'string') return `@${d.username}`;
  return JSON.stringify(d);
}

const COLUMNS: Column<AuditEntry>[] = [
  { id: 'date', label: 'When', sortField: 'createdAt', minWidth: 150, render: (e) => formatDateTime(e.createdAt) },
  { id: 'actor', label: 'Admin', render: (e) => (e.actor ? `@${e.actor.username}` : 'System') },
  { id: 'action', label: 'Action', sortField: 'action', render: (e) => actionLabel(e.action) },
  { id: 'target', label: 'Target', render: (e) => (e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—') },
  {
    id: 'details',
    label: 'Details',
    minWidth: 260,
    render: (e) => (
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {describe(e)}
      </Typography>
    ),
  },
  { id: 'ip', label: 'IP', render: (e) => e.ip ?? '—' },
];

/** /admin/audit-log: every admin action, written in the same transaction as the action. */
export function AuditLogPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const log = useQuery({
    queryKey: adminKeys.audit(list.query),
    queryFn: ({ signal }) => api.get<Page<AuditEntry>>('/admin/audit-log', { query: list.query, signal }),
    placeholderData: keepPreviousData,
  });
  const { filters, update } = list;

  return (
    <Card>
      <CardHeader
        title="Audit log"
        subheader="Every admin action, who did it, from where, and what changed."
        action={<CsvExportButton path="/admin/audit-log" name="audit-log" query={list.query} />}
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <FilterBar>
        <SelectFilter
          label="Action"
          value={filters.action}
          onChange={(action) => update({ action })}
          choices={ACTIONS}
          anyLabel="All actions"
        />
        <SearchField
          label="Admin"
          placeholder="Exact username"
          value={filters.actor}
          onChange={(actor) => update({ actor })}
        />
        <DateFilter label="From" value={filters.from} onChange={(from) => update({ from })} />
        <DateFilter label="To" value={filters.to} onChange={(to) => update({ to })} />
      </FilterBar>
      {(filters.targetType || filters.targetId) && (
        <Box sx={{ px: 5, pb: 4 }}>
          <Button size="small" onClick={() => update({ targetType: '', targetId: '' })}>
            Showing {filters.targetType} {filters.targetId} only — show all
          </Button>
        </Box>
      )}
      <DataTable
        label="Audit log"
        columns={COLUMNS}
        rowKey={(e) => e.id}
        {...tableState(list, log)}
        empty="No admin actions match these filters."
      />
    </Card>
  );
}
