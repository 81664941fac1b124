import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { endpoints, type Redemption } from '@portal/contract';
import { CsvExportButton } from '../../shared/components/CsvExportButton';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SearchField, SelectFilter } from '../../shared/components/ListFilters';
import { useSelection } from '../../shared/hooks/useSelection';
import { useIsOwn } from '../../shared/components/OwnMoneyNote';
import { filterProps, useListParams } from '../../shared/list-params';
import { useAdminRedemptions } from './api';
import { redemptionColumns as c, STATUS_CHOICES } from './RedemptionColumns';
import { AdminTwoFactorNotice } from '../account/AdminTwoFactorNotice';
import { DecisionDialog } from './redemption-approval/DecisionDialog';
import { pendingColumns } from './redemption-approval/pending-columns';
import { useRedemptionDecision } from './redemption-approval/useRedemptionDecision';

/** /redemption-approval: pending redemptions; approve (shipped) or reject with a reason, one or many at once. */
export function RedemptionApprovalPage() {
  const list = useListParams({ filters: ['search', 'from', 'to'] as const, defaultSort: 'createdAt' });
  const query = useMemo(() => ({ ...list.query, status: 'pending' }), [list.query]);
  const redemptions = useAdminRedemptions(query);
  const rows = redemptions.data?.items ?? [];
  // An admin's own redemptions are another admin's to decide: never selected, the reason shown in their place.
  const isOwn = useIsOwn();
  const selection = useSelection(rows.filter((r) => !isOwn(r.member.id)));
  const decide = useRedemptionDecision(selection);
  const columns = pendingColumns({ selection, isOwn, open: decide.open });
  const { chosen } = selection;

  return (
    <>
      <ListCard
        stackOnPhone
        title="Pending redemptions"
        subheader="Approve when shipped. A rejection returns the points to the member and the pieces to stock."
        action={<CsvExportButton list={endpoints.redemptions.adminList} name="redemptions-pending" query={query} />}
        notice={
          <Box sx={{ px: 5 }}>
            <AdminTwoFactorNotice action="approve redemptions" />
          </Box>
        }
        filters={<SearchField label="Search member or product" {...filterProps(list, 'search')} />}
        dayRange
        label="Pending redemptions"
        columns={columns}
        columnChooser="redemption-approval"
        list={list}
        result={redemptions}
        empty="No redemption is waiting for approval."
      >
        <Box sx={{ px: 5, pb: 3, display: 'flex', gap: 3, alignItems: 'center', flexWrap: 'wrap' }}>
          <FormControlLabel
            control={
              <Checkbox checked={selection.allOnPage} onChange={selection.togglePage} disabled={rows.length === 0} />
            }
            label="Select this page"
          />
          <Typography variant="body2" color="text.secondary" data-testid="selected-count">
            {chosen.length} selected
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Button
            variant="contained"
            color="success"
            disabled={chosen.length === 0}
            onClick={() => decide.open('approve', chosen)}
          >
            Approve selected
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={chosen.length === 0}
            onClick={() => decide.open('reject', chosen)}
          >
            Reject selected
          </Button>
        </Box>
      </ListCard>

      <DecisionDialog decide={decide} />
    </>
  );
}

const HISTORY_CHOICES = STATUS_CHOICES.filter((choice) => choice.value !== 'pending');
const HISTORY_COLUMNS: Column<Redemption>[] = [
  // When it was decided is in the decision; when it was redeemed is a detail.
  { ...c.date, label: 'Redeemed', secondary: true },
  c.reference,
  c.member,
  c.product,
  c.points,
  c.status,
  { ...c.decision, sortField: 'decidedAt' },
  { ...c.address, secondary: true },
];

/** /redemption-approval-history: every decided redemption, with who decided, when and why. */
export function RedemptionApprovalHistoryPage() {
  const list = useListParams({ filters: ['status', 'search', 'from', 'to'] as const, defaultSort: '-decidedAt' });
  const query = useMemo(
    () => ({ ...list.query, status: list.filters.status || 'decided' }),
    [list.query, list.filters.status],
  );
  const redemptions = useAdminRedemptions(query);
  return (
    <ListCard
      stackOnPhone
      title="Redemption decisions"
      subheader="Approved (shipped) and rejected redemptions."
      action={<CsvExportButton list={endpoints.redemptions.adminList} name="redemption-decisions" query={query} />}
      filters={
        <>
          <SearchField label="Search member or product" {...filterProps(list, 'search')} />
          <SelectFilter
            label="Decision"
            choices={HISTORY_CHOICES}
            anyLabel="Approved or rejected"
            {...filterProps(list, 'status')}
          />
        </>
      }
      dayRange
      label="Redemption decisions"
      columns={HISTORY_COLUMNS}
      columnChooser="redemption-decisions"
      list={list}
      result={redemptions}
      empty="No redemption has been decided yet."
    />
  );
}
