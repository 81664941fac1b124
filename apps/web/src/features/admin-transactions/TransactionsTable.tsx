import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { JournalEntry } from '@portal/contract';
import type { Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { formatBV, formatDateTime } from '../../shared/format';
import { plural } from '../../shared/words';
import { entryTypeLabel, unitLabel } from '../wallet/labels';

/** The report that lists every member a close paid (the bonuses area). */
export const closeReportPath = (date: string) => `/admin-matching-bonus?from=${date}&to=${date}`;

/** Some of a journal entry's postings, one line each: account and signed amount. */
function PostingLines({ entry }: { entry: JournalEntry }) {
  const hidden = entry.postingCount - entry.postings.length;
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
      {hidden > 0 && (
        <Typography component="li" variant="body2" color="text.secondary">
          and {plural(hidden, 'more posting')} (all of them in the CSV)
        </Typography>
      )}
    </Box>
  );
}

/**
 * A daily close paid every matched member in one entry (or a few chunks of
 * one): the row shows the close's totals and a link to its report; its lines
 * open on demand.
 */
function CloseSummary({ entry, close }: { entry: JournalEntry; close: NonNullable<JournalEntry['close']> }) {
  const [open, setOpen] = useState(false);
  const linesId = useId();
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="body2">
        Close of {close.date}: {plural(close.members, 'member')} paid <Money value={close.paid} unit="USDT" /> for{' '}
        {formatBV(close.matched)} BV matched; <Money value={close.flushed} unit="USDT" /> over the caps.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        This entry: {plural(entry.postingCount, 'posting')}.
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button size="small" aria-expanded={open} aria-controls={linesId} onClick={() => setOpen(!open)}>
          {open ? 'Hide lines' : 'Show lines'}
        </Button>
        <Link component={RouterLink} to={closeReportPath(close.date)} variant="body2">
          Close report for {close.date}
        </Link>
      </Box>
      <Collapse in={open} id={linesId} unmountOnExit>
        <PostingLines entry={entry} />
      </Collapse>
    </Box>
  );
}

function Postings({ entry }: { entry: JournalEntry }) {
  return entry.close ? <CloseSummary entry={entry} close={entry.close} /> : <PostingLines entry={entry} />;
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
  {
    id: 'memo',
    label: 'Description',
    minWidth: 160,
    // Addresses and hashes break anywhere rather than push the postings off the screen.
    render: (e) => <Box sx={{ overflowWrap: 'anywhere' }}>{e.memo}</Box>,
  },
  { id: 'postings', label: 'Postings', minWidth: 320, render: (e) => <Postings entry={e} /> },
  { id: 'actor', label: 'By', secondary: true, render: (e) => (e.actor ? `@${e.actor.username}` : 'System') },
];
