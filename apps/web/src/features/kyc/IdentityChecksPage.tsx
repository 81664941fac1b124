import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { endpoints, type IdentityReview } from '@portal/contract';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDateTime } from '../../shared/format';
import { filterProps, useListParams } from '../../shared/list-params';
import { AdminTwoFactorNotice } from '../account/AdminTwoFactorNotice';
import { useIdentityReviews } from './api';
import { ReviewDialog } from './ReviewDialog';

const STATUS_CHOICES = [
  { value: 'pending', label: 'Waiting for review' },
  { value: 'incomplete', label: 'Incomplete' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const STATUS_LABELS: Record<string, string> = {
  pending: 'Waiting',
  incomplete: 'Incomplete',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * /admin-identity-checks: the members' identity checks (docs/decisions/0070-identity-checks.md), the oldest
 * submission first (filter Waiting for review for the queue); Review opens the documents (fetched with the admin's token, each view audited) and the decision.
 */
export function IdentityChecksPage() {
  const list = useListParams({ filters: ['search', 'status'] as const, defaultSort: 'submittedAt' });
  const result = useIdentityReviews(list.query);
  const [open, setOpen] = useState<IdentityReview | null>(null);

  const columns: Column<IdentityReview>[] = [
    {
      id: 'member',
      label: 'Member',
      sortField: 'username',
      minWidth: 180,
      render: (r) => (
        <>
          <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {r.fullName}
          </Box>
          <Typography variant="body2" color="text.secondary">
            @{r.username}
          </Typography>
        </>
      ),
    },
    {
      id: 'status',
      label: 'Status',
      render: (r) => <StatusChip status={r.status} label={STATUS_LABELS[r.status] ?? r.status} />,
    },
    {
      id: 'submitted',
      label: 'Submitted',
      sortField: 'submittedAt',
      render: (r) => (r.submittedAt ? formatDateTime(r.submittedAt) : `${r.documents.length} of 3 sides`),
    },
    {
      id: 'decided',
      label: 'Decided',
      secondary: true,
      render: (r) => (r.decidedAt ? `${formatDateTime(r.decidedAt)}${r.decidedBy ? ` by ${r.decidedBy}` : ''}` : '—'),
    },
    { id: 'reason', label: 'Reason', secondary: true, render: (r) => r.reason ?? '—' },
    {
      id: 'actions',
      label: 'Actions',
      align: 'right',
      pinned: true,
      render: (r) => (
        <Button size="small" onClick={() => setOpen(r)} aria-label={`Review ${r.username}`}>
          {r.status === 'pending' ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListCard
        title="Identity checks"
        subheader="Members' identity documents: approve them, or reject them with a reason the member reads. The withdrawal settings say when a withdrawal needs them."
        action={<CsvExportButton list={endpoints.identityChecks.adminList} name="identity-checks" query={list.query} />}
        notice={
          <Box sx={{ px: 5 }}>
            <AdminTwoFactorNotice action="see identity documents or decide on them" />
          </Box>
        }
        filters={
          <>
            <SearchField label="Search username or name" {...filterProps(list, 'search')} />
            <SelectFilter label="Status" anyLabel="All" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />
          </>
        }
        label="Identity checks"
        stackOnPhone
        columns={columns}
        list={list}
        result={result}
        empty="No member has uploaded identity documents yet. They do so under Account settings → Identity."
      />
      {open && <ReviewDialog review={open} onClose={() => setOpen(null)} />}
    </>
  );
}
