import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import CurrencyExchangeOutlined from '@mui/icons-material/CurrencyExchangeOutlined';
import { Link } from 'react-router';
import { ListCard } from '../../shared/components/ListCard';
import { useListParams } from '../../shared/list-params';
import { useWalletEntries, useWallets } from './api';
import { BalanceCards } from './BalanceCards';
import { ENTRY_COLUMNS } from './EntriesTable';
import { EntryFilters } from './EntryFilters';
import { InclusionProofCard } from '../reserves/InclusionProofCard';
import { formatMoney } from '../../shared/format';
import { TermHelp } from '../../shared/components/TermHelp';

const FILTERS = ['wallet', 'type', 'kind', 'direction', 'from', 'to'] as const;

/** /wallet: the three balances, the history of every movement (filtered on the server), and the member's proof of reserves. */
export function WalletPage() {
  const wallets = useWallets();
  const list = useListParams({ filters: FILTERS, defaultSort: '-createdAt' });
  const entries = useWalletEntries(list.query);

  return (
    <Stack spacing={6}>
      <BalanceCards wallets={wallets.data?.wallets} />
      {wallets.data?.owed && wallets.data.owed !== '0.00' && (
        <Alert severity="warning" data-testid="wallet-owed">
          You owe {formatMoney(wallets.data.owed)} USDT: a purchase that paid you a bonus was cancelled or refunded, and
          your income wallet could not give all of it back. Your next income repays it first. <TermHelp id="owed" />
        </Alert>
      )}
      <ListCard
        stackOnPhone
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
        filters={<EntryFilters list={list} fields={['wallet', 'kind', 'direction', 'from', 'to']} />}
        label="Wallet history"
        columns={ENTRY_COLUMNS}
        list={list}
        result={entries}
        empty="No movements match these filters."
      />
      <InclusionProofCard />
    </Stack>
  );
}
