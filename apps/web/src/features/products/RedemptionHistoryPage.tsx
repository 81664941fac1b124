import Button from '@mui/material/Button';
import type { Redemption } from '@portal/contract';
import { Link } from 'react-router';
import type { Column } from '../../shared/components/DataTable';
import { ListCard } from '../../shared/components/ListCard';
import { SelectFilter } from '../../shared/components/ListFilters';
import { filterProps, useListParams } from '../../shared/list-params';
import { useRedemptions } from './api';
import { redemptionColumns as c, STATUS_CHOICES } from './RedemptionColumns';

const FILTERS = ['status', 'from', 'to'] as const;
const COLUMNS: Column<Redemption>[] = [
  c.date,
  c.reference,
  c.product,
  c.points,
  c.status,
  c.decision,
  { ...c.address, secondary: true },
];

/** /redeem-history: your redemptions with their status and, where rejected, the reason. */
export function RedemptionHistoryPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const redemptions = useRedemptions(list.query);
  return (
    <ListCard
      stackOnPhone
      title="Your redemptions"
      subheader="Pending until an admin ships it (approved) or rejects it; a rejection returns your points."
      action={
        <Button component={Link} to="/redeem-product" variant="contained">
          Redeem a product
        </Button>
      }
      filters={<SelectFilter label="Status" choices={STATUS_CHOICES} {...filterProps(list, 'status')} />}
      dayRange
      label="Redemptions"
      columns={COLUMNS}
      columnChooser="redemptions"
      list={list}
      result={redemptions}
      empty={
        list.filters.status || list.filters.from || list.filters.to
          ? 'No redemption matches these filters.'
          : 'You have not redeemed anything yet.'
      }
    />
  );
}
