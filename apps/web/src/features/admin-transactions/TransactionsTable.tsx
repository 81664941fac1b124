import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JournalEntry } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { formatDateTime } from '../../shared/format';
import { entryTypeLabel, unitLabel } from '../wallet/labels';

/** One journal entry's postings, one line each: account and signed amount. */
function Postings({ entry }: { entry: JournalEntry }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 0.5 }}>
      {entry.postings.map((p) => (
        <Box component="li" key={p.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 4 }}>
          <Typography
            variant="body2"
            color={p.member ? 'text.primary' : 'text.secondary'}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {p.account}
          </Typography>
          <Money variant="body2" value={p.amount} unit={unitLabel(p.unit)} signed />
        </Box>
      ))}
    </Box>
  );
}

export const TRANSACTION_COLUMNS: Column<JournalEntry>[] = [
  { id: 'id', label: 'Entry', secondary: true, sortField: 'id', render: (e) => `#${e.id}` },
  {
    id: 'date',
    label: 'Date',
    sortField: 'createdAt',
    minWidth: 170,
    render: (e) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.createdAt)}</span>,
  },
  { id: 'type', label: 'Type', sortField: 'type', render: (e) => entryTypeLabel(e.type) },
  { id: 'memo', label: 'Description', minWidth: 200, render: (e) => e.memo },
  { id: 'postings', label: 'Postings', minWidth: 320, render: (e) => <Postings entry={e} /> },
  { id: 'actor', label: 'By', secondary: true, render: (e) => (e.actor ? `@${e.actor.username}` : 'System') },
];
