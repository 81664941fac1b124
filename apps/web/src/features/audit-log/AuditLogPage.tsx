import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { endpoints, type AuditEntry } from '@portal/contract';
import { useListQuery } from '../../shared/api/list-query';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import { formatDateTime } from '../../shared/format';
import { filterProps, useListParams } from '../../shared/list-params';
import { adminKeys } from '../admin-transactions/api';
import { ChainVerification } from './ChainVerification';
import { AUDIT_ACTIONS, actionLabel, describeAuditEntry, type SentencePart } from './describe';

const FILTERS = ['action', 'actor', 'targetType', 'targetId', 'from', 'to'] as const;

/** The sentence with its links (router links, so the admin stays in the app). */
function Sentence({ parts }: { parts: SentencePart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          // Underlined: a link inside a sentence must not rely on colour alone (axe link-in-text-block).
          <Link key={i} component={RouterLink} to={part.to} underline="always">
            {part.text}
          </Link>
        ),
      )}
    </>
  );
}

function WhatHappened({ entry }: { entry: AuditEntry }) {
  const { sentence, changes, notes } = describeAuditEntry(entry);
  return (
    <Box sx={{ overflowWrap: 'anywhere' }}>
      <Typography variant="body2">
        <Sentence parts={sentence} />
      </Typography>
      {changes.length > 0 && (
        <Box component="ul" aria-label="What changed" sx={{ m: 0, mt: 1, pl: 4 }}>
          {changes.map((change) => (
            <Typography key={change.field} component="li" variant="body2" color="text.secondary">
              {change.field}: {change.from} → <strong>{change.to}</strong>
            </Typography>
          ))}
        </Box>
      )}
      {notes.map((note) => (
        <Typography key={note.label} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {note.label}: “{note.text}”
        </Typography>
      ))}
    </Box>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  { id: 'date', label: 'When', sortField: 'createdAt', minWidth: 150, render: (e) => formatDateTime(e.createdAt) },
  { id: 'action', label: 'Action', sortField: 'action', render: (e) => actionLabel(e.action) },
  { id: 'what', label: 'What happened', minWidth: 320, render: (e) => <WhatHappened entry={e} /> },
  { id: 'ip', label: 'IP', secondary: true, render: (e) => e.ip ?? '—' },
];

/** The raw record behind the sentence, for the cases words do not cover. */
function RawEntry({ entry }: { entry: AuditEntry }) {
  const { id, action, actor, targetType, targetId, details, ip, createdAt } = entry;
  return (
    <Box
      component="pre"
      data-testid={`raw-entry-${id}`}
      sx={{
        m: 0,
        p: 3,
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontSize: 12,
        overflowX: 'auto',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {JSON.stringify({ id, action, actor, targetType, targetId, details, ip, createdAt }, null, 2)}
    </Box>
  );
}

/** /admin/audit-log: every admin action, written in the same transaction as the action. */
export function AuditLogPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const log = useListQuery(adminKeys.audit, endpoints.audit.list, list.query);
  const { filters, update } = list;

  return (
    <ListCard
      title="Audit log"
      subheader="Every admin action: who did what to whom, and what changed. Open a row for its raw record."
      action={<CsvExportButton list={endpoints.audit.list} name="audit-log" query={list.query} />}
      notice={<ChainVerification />}
      filters={
        <>
          <SelectFilter
            label="Action"
            choices={AUDIT_ACTIONS}
            anyLabel="All actions"
            {...filterProps(list, 'action')}
          />
          <SearchField label="Admin" placeholder="Exact username" {...filterProps(list, 'actor')} />
        </>
      }
      dayRange
      label="Audit log"
      columns={COLUMNS}
      list={list}
      result={log}
      renderExpansion={(e) => <RawEntry entry={e} />}
      expansionLabel={(e) => `Raw record of entry ${e.id}`}
      empty="No admin actions match these filters."
    >
      {(filters.targetType || filters.targetId) && (
        <Box sx={{ px: 5, pb: 4 }}>
          <Button size="small" onClick={() => update({ targetType: '', targetId: '' })}>
            Showing {filters.targetType} {filters.targetId} only — show all
          </Button>
        </Box>
      )}
    </ListCard>
  );
}
