import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { Link } from 'react-router';
import { isSessionEnded } from '../../shared/api/errors';
import { DataTable } from '../../shared/components/DataTable';
import { useWalletEntries, useWallets } from './api';
import { BalanceCards } from './BalanceCards';
import { ENTRY_COLUMNS } from './EntriesTable';

const RECENT = { page: 1, pageSize: 5, sort: '-createdAt' };

/** The dashboard's money section: the three balances and the latest movements, all from the API. */
export function WalletOverview() {
  const wallets = useWallets();
  const recent = useWalletEntries(RECENT);
  return (
    <Stack spacing={6} data-testid="wallet-overview">
      <BalanceCards wallets={wallets.data?.wallets} />
      <Card>
        <CardHeader
          title="Recent activity"
          action={
            <Button component={Link} to="/wallet" size="small">
              View all
            </Button>
          }
        />
        <DataTable
          label="Recent activity"
          columns={ENTRY_COLUMNS.filter((c) => c.id !== 'type')}
          rows={recent.data?.items}
          total={recent.data?.total}
          rowKey={(e) => e.id}
          page={1}
          pageSize={5}
          onPage={() => {}}
          onPageSize={() => {}}
          loading={recent.isPending}
          error={recent.isError && !isSessionEnded(recent.error) ? recent.error : undefined}
          onRetry={() => void recent.refetch()}
          empty="No movements yet."
          hidePagination
        />
      </Card>
    </Stack>
  );
}
