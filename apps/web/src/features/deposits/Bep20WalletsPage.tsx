import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import type { ChainWallet } from '@portal/contract';
import { errorMessage } from '../../shared/api/errors';
import type { Column } from '../../shared/components/DataTable';
import { FactList } from '../../shared/components/FactList';
import { ListCard } from '../../shared/components/ListCard';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { TermHelp } from '../../shared/components/TermHelp';
import { formatCount } from '../../shared/format';
import { TERMS } from '../../shared/vocabulary';
import { useListParams } from '../../shared/list-params';
import { useChainWallets } from './api';
import { ChainStatusNotice } from './ChainStatusAlert';
import { HotWalletCard } from './HotWalletCard';

const ROLE_LABELS = {
  treasury: TERMS.treasury.word,
  gas: TERMS.gasWallet.word,
  hot: TERMS.hotWallet.word,
  deposit: 'Deposit address',
} as const;

function columns(symbol: string): Column<ChainWallet>[] {
  return [
    {
      id: 'role',
      label: 'Wallet',
      render: (w) => (
        <StatusChip
          status={w.role}
          color={w.role === 'deposit' ? 'secondary' : 'primary'}
          label={ROLE_LABELS[w.role]}
        />
      ),
    },
    { id: 'label', label: 'Owner', render: (w) => w.member?.username ?? w.label },
    {
      id: 'address',
      label: 'Address',
      render: (w) =>
        w.explorerUrl ? (
          <a href={w.explorerUrl} target="_blank" rel="noreferrer" style={{ fontFamily: 'monospace' }}>
            {w.address}
          </a>
        ) : (
          <span style={{ fontFamily: 'monospace' }}>{w.address}</span>
        ),
    },
    {
      id: 'token',
      label: symbol,
      align: 'right',
      render: (w) => <Money value={w.token} unit={symbol} data-testid={`balance-${w.role}`} />,
    },
    { id: 'bnb', label: 'BNB', align: 'right', render: (w) => <Money value={w.bnb} unit="BNB" /> },
  ];
}

/** /bep20-wallets: the platform's wallets and deposit addresses with balances read from the chain, the reconciliation, and the hot wallet's funding. */
export function Bep20WalletsPage() {
  const list = useListParams({ filters: [] as const, defaultSort: 'id' });
  const { sort: _sort, ...query } = list.query;
  const wallets = useChainWallets(query);
  const data = wallets.data;
  const r = data?.reconciliation;
  return (
    <Stack spacing={6}>
      {wallets.isError ? <Alert severity="warning">{errorMessage(wallets.error)}</Alert> : null}
      {r ? (
        <Card data-testid="reconciliation">
          <CardHeader
            title="Reconciliation"
            subheader="What the ledger accounts for in USDT against what the chain holds (treasury + deposit addresses + hot wallet)."
            action={
              <StatusChip
                status={r.balanced ? 'balanced' : 'unexplained'}
                color={r.balanced ? 'success' : 'error'}
                label={r.balanced ? 'Balanced' : 'Difference not explained'}
              />
            }
            sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
          />
          <CardContent>
            <FactList
              columns={{ xs: 1, sm: 2, lg: 4 }}
              facts={[
                // "Owed" is what a member owes after a clawback (shared/vocabulary.ts): this is what the ledger holds for members.
                ["Members' deposit and income wallets", <Money key="o" value={r.owedToMembers} unit="USDT" />],
                ["Company's share in the ledger", <Money key="c" value={r.companyShare} unit="USDT" />],
                ['Ledger expects on chain', <Money key="e" value={r.expected} unit="USDT" />],
                ['Chain holds', <Money key="h" value={r.onChain} unit="USDT" />],
                ['Treasury', <Money key="t" value={r.treasury} unit="USDT" />],
                ['Deposit addresses', <Money key="d" value={r.depositAddresses} unit="USDT" />],
                ['Hot wallet', <Money key="w" value={r.hotWallet} unit="USDT" />],
                ['Difference', <Money key="x" value={r.difference} unit="USDT" signed />],
                ['Deposits not yet final', <Money key="n" value={r.explained.depositsNotFinal} unit="USDT" />],
                ['Below minimum (not credited)', <Money key="b" value={r.explained.belowMinimum} unit="USDT" />],
                [
                  'Held: sender on the screening list',
                  <Money key="hd" value={r.explained.held} unit="USDT" data-testid="held-deposits" />,
                ],
                ['Rejected (screened sender)', <Money key="rj" value={r.explained.rejected} unit="USDT" />],
                ['Sweeps in flight', <Money key="s" value={r.pendingSweeps} unit="USDT" />],
                ['Withdrawals in flight', <Money key="i" value={r.withdrawalsInFlight} unit="USDT" />],
                ['Unexplained', <Money key="u" value={r.unexplained} unit="USDT" signed data-testid="unexplained" />],
                [
                  'At deposit addresses with no recorded deposit',
                  <Money key="r" value={r.unrecorded.total} unit="USDT" data-testid="unrecorded" />,
                ],
              ]}
            />
            {r.unrecorded.count ? (
              <Alert severity="warning" sx={{ mt: 4 }} data-testid="unrecorded-addresses">
                {r.unrecorded.count === 1
                  ? 'One deposit address holds'
                  : `${formatCount(r.unrecorded.count)} deposit addresses hold`}{' '}
                tokens the deposit watcher never recorded (sent before its start block, or in blocks it did not read):
                they are in no member&apos;s wallet.
                {/* The API names the first 10 (deposits/wallets.ts): say so when there are more. */}
                {r.unrecorded.count > r.unrecorded.addresses.length
                  ? ` The first ${formatCount(r.unrecorded.addresses.length)} of them:`
                  : null}
                <Stack component="ul" spacing={1} sx={{ m: 0, mt: 2, pl: 4, wordBreak: 'break-all' }}>
                  {r.unrecorded.addresses.map((a) => (
                    <li key={a.address}>
                      {a.member.username}: <span style={{ fontFamily: 'monospace' }}>{a.address}</span>{' '}
                      <Money value={a.amount} unit="USDT" />
                    </li>
                  ))}
                </Stack>
              </Alert>
            ) : null}
            <ChainStatusNotice chain={data.chain} sx={{ mt: 4 }} />
          </CardContent>
        </Card>
      ) : null}
      {data?.hotWalletFunding ? <HotWalletCard funding={data.hotWalletFunding} /> : null}
      <ListCard
        title="BEP20 wallets"
        subheader={
          <>
            The treasury <TermHelp id="treasury" />, the hot wallet <TermHelp id="hotWallet" />, the gas wallet{' '}
            <TermHelp id="gasWallet" /> and the members&apos; deposit addresses.{' '}
            {data
              ? `Balances read from the chain. Latest block ${data.chain.latestBlock ?? '—'}, final ${data.chain.finalBlock ?? '—'} (${data.chain.finality ?? '—'}).`
              : 'Balances read from the chain.'}
          </>
        }
        label="BEP20 wallets"
        columns={columns(data?.symbol ?? 'USDT')}
        rowKey={(w) => w.address}
        list={list}
        result={wallets}
        empty="No wallets."
      />
    </Stack>
  );
}
