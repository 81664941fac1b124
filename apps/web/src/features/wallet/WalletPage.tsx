import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import { Link } from 'react-router';
import { DataTable } from '../../shared/components/DataTable';
import { DateFilter, FilterBar, SelectFilter } from '../../shared/components/ListFilters';
import { tableState, useListParams } from '../../shared/list-params';
import { useWalletEntries, useWallets } from './api';
import { BalanceCards } from './BalanceCards';
import { ENTRY_COLUMNS } from './EntriesTable';
import { ENTRY_TYPE_CHOICES, WALLET_CHOICES } from './labels';

const FILTERS = ['wallet', 'type', 'direction', 'from', 'to'] as const;

/** /wallet: the three balances and the history of every movement, filtered on the server. */
export function WalletPage() {
  const wallets = useWallets();
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const entries = useWalletEntries(list.query);
  const { filters, update } = list;

  return (
    <Stack spacing={6}>
      <BalanceCards wallets={wallets.data?.wallets} />
      <Card>
        <CardHeader
          title="History"
          subheader="Every movement of your three wallets, newest first."
          action={
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
              <Button component={Link} to="/transfer" size="small" variant="outlined" startIcon={<SwapHorizOutlined />}>
                Transfer
              </Button>
              <Button
                component={Link}
                to="/convert"
                size="small"
                variant="outlined"
                startIcon={<CurrencyExchangeOutlined />}
              >
                Convert
              </Button>
            </Stack>
          }
          sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
        />
        <FilterBar>
          <SelectFilter
            label="Wallet"
            value={filters.wallet}
            onChange={(wallet) => update({ wallet })}
            choices={WALLET_CHOICES}
            anyLabel="All wallets"
          />
          <SelectFilter
            label="Type"
            value={filters.type}
            onChange={(type) => update({ type })}
            choices={ENTRY_TYPE_CHOICES}
            anyLabel="All types"
          />
          <SelectFilter
            label="Direction"
            value={filters.direction}
            onChange={(direction) => update({ direction })}
            choices={[
              { value: 'in', label: 'Money in' },
              { value: 'out', label: 'Money out' },
            ]}
            anyLabel="In and out"
          />
          <DateFilter label="From" value={filters.from} onChange={(from) => update({ from })} />
          <DateFilter label="To" value={filters.to} onChange={(to) => update({ to })} />
        </FilterBar>
        <DataTable
          label="Wallet history"
          columns={ENTRY_COLUMNS}
          rowKey={(e) => e.id}
          {...tableState(list, entries)}
          empty="No movements match these filters."
        />
      </Card>
    </Stack>
  );
}
