import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { WALLET_LABELS, type TrialBalance } from '@portal/contract';
import { FactList, type Fact } from '../../shared/components/FactList';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatDateTime } from '../../shared/format';
import { unitLabel } from '../wallet/labels';

const held = (ok: boolean, yes: string, no: string) => (
  <StatusChip status={ok ? 'balanced' : 'unexplained'} color={ok ? 'success' : 'error'} label={ok ? yes : no} />
);

/** The chain beside the books: read now, so only beside a period that has not ended. */
function ChainFacts({ chain }: { chain: TrialBalance['chain'] }) {
  if (chain.state === 'off')
    return <Alert severity="info">This portal runs without a chain: there is nothing on chain to reconcile.</Alert>;
  if (chain.state === 'past')
    return (
      <Alert severity="info">
        The chain is read as it is now, so its reconciliation is shown beside a period that ends today.
      </Alert>
    );
  if (chain.state === 'unavailable')
    return (
      <Alert severity="warning">The chain did not answer ({chain.error}): the books above stand without it.</Alert>
    );
  const r = chain.reconciliation;
  return (
    <Stack spacing={3}>
      <FactList
        columns={{ xs: 1, sm: 2, lg: 4 }}
        facts={[
          ['Ledger expects on chain', <Money key="e" value={r.expected} unit="USDT" />],
          ['Chain holds', <Money key="h" value={r.onChain} unit="USDT" />],
          ['Unexplained', <Money key="u" value={r.unexplained} unit="USDT" signed />],
          ['Read at', formatDateTime(chain.at)],
        ]}
      />
      <div>
        {held(r.balanced, 'Chain reconciled', 'Difference not explained')}{' '}
        <Link component={RouterLink} to="/bep20-wallets">
          The reconciliation line by line
        </Link>
      </div>
    </Stack>
  );
}

/** What the trial balance is checked against: itself (debits = credits), the members' wallets, the chain. */
export function BooksChecks({ balance }: { balance: TrialBalance }) {
  const walletFacts: Fact[] = balance.wallets.map((check) => [
    `Members' ${WALLET_LABELS[check.wallet].toLowerCase()}s at the period's end`,
    <span key={check.wallet}>
      <Money value={check.fromWallets} unit={unitLabel(check.unit)} />{' '}
      {check.equal ? (
        '(equal to the closing balance)'
      ) : (
        <>
          (the closing balance says <Money value={check.fromPostings} unit={unitLabel(check.unit)} />)
        </>
      )}
    </span>,
  ]);
  return (
    <Card data-testid="books-checks">
      <CardHeader
        title="Checks"
        subheader="Debits equal credits in each unit; the members' closing lines equal the wallets' own balances; the chain holds what the treasury says."
        action={
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2 }}>
            {balance.totals.map((total) => (
              <span key={total.unit}>
                {held(total.balanced, `${unitLabel(total.unit)} balanced`, `${unitLabel(total.unit)} does not balance`)}
              </span>
            ))}
            {held(
              balance.wallets.every((check) => check.equal),
              'Wallets agree',
              'Wallets disagree',
            )}
          </Stack>
        }
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent>
        <Stack spacing={5}>
          <FactList columns={{ xs: 1, md: 3 }} facts={walletFacts} />
          <ChainFacts chain={balance.chain} />
        </Stack>
      </CardContent>
    </Card>
  );
}
