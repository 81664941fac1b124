import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import type { Redemption } from '@portal/contract';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { FilterBar, SelectFilter, DayRangeFilter } from '../../shared/components/ListFilters';
import { tableState, useListParams } from '../../shared/list-params';
import { useRedemptions } from './api';
import { redemptionColumns as c, STATUS_CHOICES } from './RedemptionColumns';

const FILTERS = ['status', 'from', 'to'] as const;
const COLUMNS: Column<Redemption>[] = [c.date, c.reference, c.product, c.points, c.status, c.decision, c.address];

/** /redeem-history: your redemptions with their status and, where rejected, the reason. */
export function RedemptionHistoryPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const redemptions = useRedemptions(list.query);
  return (
    <Card>
      <CardHeader
        title="Your redemptions"
        subheader="Pending until an admin ships it (approved) or rejects it; a rejection returns your points."
        action={
          <Button component={Link} to="/redeem-product" variant="contained">
            Redeem a product
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <FilterBar>
        <SelectFilter
          label="Status"
          value={list.filters.status}
          onChange={(status) => list.update({ status })}
          choices={STATUS_CHOICES}
        />
        <DayRangeFilter filters={list.filters} update={list.update} />
      </FilterBar>
      <DataTable
        label="Redemptions"
        columns={COLUMNS}
        rowKey={(r) => r.id}
        {...tableState(list, redemptions)}
        empty={
          list.filters.status || list.filters.from || list.filters.to
            ? 'No redemption matches these filters.'
            : 'You have not redeemed anything yet.'
        }
      />
    </Card>
  );
}
