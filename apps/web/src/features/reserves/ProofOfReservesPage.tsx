import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { InclusionCheck, ReserveProof } from '@portal/contract';
import { FactList } from '../../shared/components/FactList';
import { Money } from '../../shared/components/Money';
import { WholeTable } from '../../shared/components/WholeTable';
import type { Column } from '../../shared/components/data-table/types';
import { formatCount, formatDateTime } from '../../shared/format';
import { usePublishedReserves } from './api';
import { verifySignature } from './verify-in-browser';

/** "1.0432 ×", or why there is no ratio. */
const coverageText = (proof: ReserveProof) =>
  proof.coverage ? `${proof.coverage} ×` : proof.held ? 'Nothing owed' : 'Chain not read';

const EARLIER_COLUMNS: Column<ReserveProof>[] = [
  { id: 'takenAt', label: 'Taken', render: (p) => formatDateTime(p.takenAt) },
  { id: 'owed', label: 'Owed', align: 'right', render: (p) => <Money value={p.owed.total} unit="USDT" /> },
  {
    id: 'held',
    label: 'Held on chain',
    align: 'right',
    render: (p) => (p.held ? <Money value={p.held.total} unit="USDT" /> : 'Not read'),
  },
  { id: 'coverage', label: 'Coverage', align: 'right', render: coverageText },
  { id: 'members', label: 'Members', align: 'right', secondary: true, render: (p) => formatCount(p.members) },
  {
    id: 'root',
    label: 'Root',
    secondary: true,
    render: (p) => <Box sx={{ fontFamily: 'monospace' }}>{p.root.hash.slice(0, 16)}…</Box>,
  },
];

/** The signature, and a check of it in the visitor's own browser. */
function Signature({ proof }: { proof: ReserveProof }) {
  const [check, setCheck] = useState<InclusionCheck | null>(null);
  if (!proof.signer || !proof.signature)
    return <Alert severity="info">Not signed: the portal had no hot wallet key when this proof was taken.</Alert>;
  return (
    <Stack spacing={3}>
      <FactList
        columns={{ xs: 1 }}
        facts={[
          [
            'Signed by the hot wallet',
            <Box key="s" sx={{ fontFamily: 'monospace' }}>
              {proof.signer}
            </Box>,
          ],
          [
            'Signature (personal sign)',
            <Box key="g" sx={{ fontFamily: 'monospace' }}>
              {proof.signature}
            </Box>,
          ],
        ]}
      />
      <Box>
        <Button size="small" variant="outlined" onClick={() => void verifySignature(proof).then(setCheck)}>
          Check the signature here
        </Button>
      </Box>
      {check && (
        <Alert severity={check.ok ? 'success' : 'error'} role="status">
          {check.ok ? `The signature is ${proof.signer}’s, of the message below.` : check.reason}
        </Alert>
      )}
    </Stack>
  );
}

function LatestProof({ proof }: { proof: ReserveProof }) {
  return (
    <Card>
      <CardHeader title="Latest proof" subheader={`Taken ${formatDateTime(proof.takenAt)}`} />
      <CardContent>
        <Stack spacing={6}>
          <FactList
            columns={{ xs: 1, sm: 2, lg: 4 }}
            facts={[
              ['Coverage (held ÷ owed)', coverageText(proof)],
              ['Held on chain', proof.held ? <Money key="h" value={proof.held.total} unit="USDT" /> : 'Not read'],
              ['Owed to members', <Money key="o" value={proof.owed.total} unit="USDT" />],
              ['Members counted', formatCount(proof.members)],
            ]}
          />
          <FactList
            columns={{ xs: 1, sm: 2, lg: 4 }}
            facts={[
              ['Deposit wallets', <Money key="d" value={proof.owed.deposit} unit="USDT" />],
              ['Income wallets', <Money key="i" value={proof.owed.income} unit="USDT" />],
              ['Withdrawals not paid yet', <Money key="w" value={proof.owed.withdrawing} unit="USDT" />],
              ['Point wallets', <Money key="p" value={proof.owed.points} unit="points" />],
            ]}
          />
          {proof.held && (
            <FactList
              columns={{ xs: 1, sm: 2, lg: 4 }}
              facts={[
                ['Treasury', <Money key="t" value={proof.held.treasury} unit="USDT" />],
                ['Hot wallet', <Money key="h" value={proof.held.hotWallet} unit="USDT" />],
                ['Deposit addresses', <Money key="a" value={proof.held.depositAddresses} unit="USDT" />],
                ['Read at block', proof.held.block],
              ]}
            />
          )}
          <FactList
            columns={{ xs: 1 }}
            facts={[
              [
                'Root of the tree',
                <Box key="r" sx={{ fontFamily: 'monospace' }}>
                  {proof.root.hash}
                </Box>,
              ],
            ]}
          />
          <Signature proof={proof} />
          <Typography variant="subtitle2" component="h2">
            The signed message
          </Typography>
          <Box
            component="pre"
            sx={{
              m: 0,
              p: 4,
              borderRadius: 1,
              bgcolor: 'action.hover',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              fontSize: 13,
            }}
          >
            {proof.message}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * /proof-of-reserves, open to anyone: what the portal owes its members, summed in a Merkle sum tree whose root
 * the hot wallet signs, beside the USDT it holds on chain. Members check their own leaf on /wallet.
 */
export function ProofOfReservesPage() {
  const reserves = usePublishedReserves();
  const latest = reserves.data?.latest;
  return (
    <Stack spacing={6}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          Proof of Reserves
        </Typography>
        <Typography color="text.secondary">
          After each daily close the portal sums every member’s balances in a Merkle sum tree and publishes its root,
          signed by its hot wallet, beside the USDT its addresses hold on chain. Members check that their own balances
          are counted from Wallet → Proof of reserves, in their browser or with{' '}
          <Box component="code">npm run reserves:verify</Box>.
        </Typography>
      </Box>
      {reserves.isPending && <Skeleton variant="rounded" height={240} />}
      {reserves.isError && <Alert severity="error">The proofs could not be loaded. Try again shortly.</Alert>}
      {reserves.data && !latest && (
        <Alert severity="info">No proof has been published yet: the first is taken after the next daily close.</Alert>
      )}
      {latest && <LatestProof proof={latest} />}
      {reserves.data && reserves.data.earlier.length > 0 && (
        <Card>
          <CardHeader title="Earlier proofs" subheader="Newest first; their trees are no longer kept." />
          <WholeTable
            label="Earlier proofs"
            columns={EARLIER_COLUMNS}
            rows={reserves.data.earlier}
            rowKey={(p) => p.id}
            loading={false}
            empty="No earlier proof."
          />
        </Card>
      )}
    </Stack>
  );
}
