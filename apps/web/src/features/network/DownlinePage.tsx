import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useNavigate, useSearchParams } from 'react-router';
import { DOWNLINE_MAX_OFFSET, type DownlineRow } from '@portal/contract';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatCount, formatDate } from '../../shared/format';
import { useDownline, type DownlineParams } from './api';

const PAGE_SIZES = [10, 20, 50, 100];

/** The table's view, kept in the URL (level, leg, search, page, pageSize, root). */
function useDownlineParams(): [DownlineParams, (changes: Record<string, string | number | undefined>) => void] {
  const [params, setParams] = useSearchParams();
  const int = (name: string) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : undefined;
  };
  const leg = params.get('leg');
  const pageSize = int('pageSize');
  const query: DownlineParams = {
    page: int('page') ?? 1,
    pageSize: pageSize && PAGE_SIZES.includes(pageSize) ? pageSize : 20,
    level: int('level'),
    leg: leg === 'left' || leg === 'right' ? leg : undefined,
    search: params.get('search') || undefined,
    root: int('root'),
  };
  const update = (changes: Record<string, string | number | undefined>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      // A new filter starts again from the first page.
      if (!('page' in changes)) next.delete('page');
      return next;
    });
  return [query, update];
}

/**
 * /member-network2: the placement downline as a table, in tree order (the
 * left leg, then the right leg). Filter by level and leg, search usernames,
 * page through; a row opens the binary tree from that member.
 */
export function DownlinePage() {
  const [query, update] = useDownlineParams();
  const downline = useDownline(query);
  const navigate = useNavigate();
  const [search, setSearch] = useState(query.search ?? '');

  // Typing searches after a pause; the URL keeps the search.
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === (query.search ?? '')) return;
    const timer = setTimeout(() => update({ search: trimmed || undefined }), 400);
    return () => clearTimeout(timer);
  }, [search]);

  if (downline.isError && isSessionEnded(downline.error)) return null;
  const data = downline.data;
  const reachable = Math.min(data?.total ?? 0, DOWNLINE_MAX_OFFSET);
  const atWindowEnd = query.page * query.pageSize >= DOWNLINE_MAX_OFFSET;

  return (
    <Card>
      <CardHeader
        title="Downline"
        subheader={
          data
            ? `${data.totalExact ? formatCount(data.total) : `${formatCount(data.total)}+`} ${data.total === 1 ? 'member' : 'members'}${query.level || query.leg || query.search ? ' match' : ' in your binary team'} · in tree order: the left leg, then the right leg`
            : 'Your binary team'
        }
      />
      <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        <TextField
          label="Search username"
          value={search}
          onChange={(e) => setSearch(e.target.value.replace(/[^A-Za-z0-9_.-]/g, ''))}
          size="small"
          sx={{ flex: '1 1 220px' }}
          slotProps={{
            input: { startAdornment: <InputAdornment position="start"><SearchOutlined fontSize="small" /></InputAdornment> },
            htmlInput: { maxLength: 32, 'data-testid': 'downline-search' },
          }}
        />
        <TextField
          label="Level"
          type="number"
          size="small"
          value={query.level ?? ''}
          onChange={(e) => {
            const value = Math.floor(Number(e.target.value));
            update({ level: value > 0 ? value : undefined });
          }}
          placeholder="All"
          sx={{ width: 160 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: 1, 'data-testid': 'downline-level' } }}
        />
        <TextField
          select
          label="Leg"
          size="small"
          value={query.leg ?? ''}
          onChange={(e) => update({ leg: e.target.value || undefined })}
          sx={{ width: 160 }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">Both legs</MenuItem>
          <MenuItem value="left">Left leg</MenuItem>
          <MenuItem value="right">Right leg</MenuItem>
        </TextField>
        {(query.level || query.leg || query.search) && (
          <Button
            onClick={() => {
              setSearch('');
              update({ level: undefined, leg: undefined, search: undefined });
            }}
          >
            Clear filters
          </Button>
        )}
      </CardContent>
      {data && !data.placed && (
        <Alert severity="info" sx={{ mx: 5, mb: 5 }}>
          You have not been placed in the binary tree yet, so there is no team below you. Your sponsor will place you.
        </Alert>
      )}
      {data?.searchTruncated && (
        <Alert severity="warning" sx={{ mx: 5, mb: 5 }}>
          Many usernames start with “{query.search}”: only the first 2,000 of them were looked at. Type more of the name to find the rest.
        </Alert>
      )}
      {downline.isError ? (
        <Alert
          severity="error"
          sx={{ mx: 5, mb: 5 }}
          action={
            <Button color="inherit" size="small" onClick={() => update({ page: undefined })}>
              First page
            </Button>
          }
        >
          {errorMessage(downline.error, 'The downline could not be loaded.')}
        </Alert>
      ) : (
        <Box sx={{ position: 'relative' }}>
          {downline.isFetching && data && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />}
          {/* Focusable: the table scrolls sideways on a phone (axe scrollable-region-focusable). */}
          <TableContainer tabIndex={0} role="region" aria-label="Downline table">
            <Table aria-label="Downline" data-testid="downline-table">
              <TableHead>
                <TableRow>
                  {['Level', 'Username', 'Full name', 'Sponsor', 'Package', 'Joined', 'Leg', 'Team left / right'].map((label) => (
                    <TableCell key={label} sx={{ whiteSpace: 'nowrap' }} align={label === 'Level' || label.startsWith('Team') ? 'right' : undefined}>
                      {label}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {!data
                  ? Array.from({ length: 3 }, (_, i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={8}>
                          <Skeleton variant="text" />
                        </TableCell>
                      </TableRow>
                    ))
                  : data.items.map((row) => <Row key={row.id} row={row} onOpen={() => navigate(`/member-network?root=${row.id}`)} />)}
                {data && data.items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={8}>
                      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
                        {query.level || query.leg || query.search ? 'Nobody matches these filters.' : 'Nobody below you yet. Share your referral link to build your team.'}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={data ? (data.totalExact ? data.total : -1) : 0}
            page={Math.max(0, query.page - 1)}
            rowsPerPage={query.pageSize}
            rowsPerPageOptions={PAGE_SIZES}
            onPageChange={(_e, page) => update({ page: page + 1 })}
            onRowsPerPageChange={(e) => update({ pageSize: Number(e.target.value), page: undefined })}
            labelDisplayedRows={({ from, to, count }) => `${formatCount(from)}–${formatCount(to)} of ${count === -1 ? `${formatCount(data?.total ?? 0)}+` : formatCount(count)}`}
            slotProps={{ actions: { nextButton: { disabled: !data || atWindowEnd || query.page * query.pageSize >= (data.totalExact ? data.total : reachable + 1) } } }}
          />
          {atWindowEnd && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 5, pb: 5 }}>
              Pages reach the first {formatCount(DOWNLINE_MAX_OFFSET)} rows. Choose a level, a leg or a search to see the others.
            </Typography>
          )}
        </Box>
      )}
    </Card>
  );
}

function Row({ row, onOpen }: { row: DownlineRow; onOpen: () => void }) {
  return (
    <TableRow hover onClick={onOpen} sx={{ cursor: 'pointer' }} data-testid={`downline-row-${row.username}`}>
      <TableCell align="right">{formatCount(row.level)}</TableCell>
      <TableCell sx={{ fontWeight: 500 }}>{row.username}</TableCell>
      <TableCell sx={{ minWidth: 140 }}>{row.fullName}</TableCell>
      <TableCell>{row.sponsor ?? '—'}</TableCell>
      <TableCell>{row.package ?? <Typography component="span" variant="body2" color="text.secondary">None</Typography>}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.joinedAt)}</TableCell>
      <TableCell>
        <StatusChip status={row.leg} color={row.leg === 'left' ? 'info' : 'success'} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatCount(row.leftCount)} / {formatCount(row.rightCount)}
      </TableCell>
    </TableRow>
  );
}
