import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { fromBaseUnits, type InclusionCheck, type InclusionProof } from '@portal/contract';
import { FactList } from '../../shared/components/FactList';
import { Money } from '../../shared/components/Money';
import { saveJson } from '../../shared/download';
import { formatDateTime } from '../../shared/format';
import { plural } from '../../shared/words';
import { useMyReserveProof } from './api';
import { verifyMyInclusion } from './verify-in-browser';

const amount = (baseUnits: string) => fromBaseUnits(BigInt(baseUnits));

/** The member's own figures in the proof, and the two things they can do with it. */
function Included({ inclusion }: { inclusion: InclusionProof }) {
  const [check, setCheck] = useState<InclusionCheck | 'running' | null>(null);
  const { leaf, proof } = inclusion;
  const verify = async () => {
    setCheck('running');
    setCheck(await verifyMyInclusion(inclusion).catch((error: Error) => ({ ok: false, reason: error.message })));
  };
  return (
    <Stack spacing={4}>
      <Typography variant="body2" color="text.secondary">
        Your balances in the proof taken {formatDateTime(proof.takenAt)}, one leaf among{' '}
        {plural(proof.members, 'member')}:
      </Typography>
      <FactList
        columns={{ xs: 2, md: 4 }}
        facts={[
          ['Deposit', <Money key="d" value={amount(leaf.deposit)} unit="USDT" />],
          ['Income', <Money key="i" value={amount(leaf.income)} unit="USDT" />],
          ['Withdrawing', <Money key="w" value={amount(leaf.withdrawing)} unit="USDT" />],
          ['Points', <Money key="p" value={amount(leaf.points)} unit="points" />],
        ]}
      />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
        <Button variant="contained" size="small" onClick={() => void verify()} loading={check === 'running'}>
          Verify in this browser
        </Button>
        <Button
          variant="outlined"
          size="small"
          onClick={() => saveJson(inclusion, `proof-of-reserves-${proof.id}.json`)}
        >
          Download proof
        </Button>
      </Stack>
      {check !== null && check !== 'running' && (
        <Alert severity={check.ok ? 'success' : 'error'} role="status">
          {check.ok
            ? `Verified here, in your browser: your balances lead to the published root ${proof.root.hash.slice(0, 12)}…${
                proof.signer
                  ? `, signed by the hot wallet ${proof.signer}`
                  : ' (the proof is not signed: the portal had no hot wallet key)'
              }.`
            : `The check failed: ${check.reason}`}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * /wallet's proof of reserves: the member checks, in their own browser, that the latest published proof counts
 * their balances, or downloads it for `npm run reserves:verify` (README). A state, not an error, when there is no
 * proof yet or the member joined after it.
 */
export function InclusionProofCard() {
  const mine = useMyReserveProof();
  const data = mine.data;
  return (
    <Card data-testid="proof-of-reserves">
      <CardHeader
        title="Proof of reserves"
        subheader="Check that what the portal owes you is counted in what it proves it holds."
        action={
          <Link component={RouterLink} to="/proof-of-reserves" variant="body2">
            Published proofs
          </Link>
        }
      />
      <CardContent>
        {mine.isPending && <Skeleton variant="rounded" height={96} />}
        {mine.isError && <Alert severity="error">The proof of reserves could not be loaded. Try again shortly.</Alert>}
        {data?.state === 'none' && (
          <Typography color="text.secondary">
            No proof has been published yet: the first is taken after the next daily close.
          </Typography>
        )}
        {data?.state === 'not-included' && (
          <Typography color="text.secondary">
            You joined after the latest proof was taken ({formatDateTime(data.proof.takenAt)}): the next one will count
            your balances.
          </Typography>
        )}
        {data?.state === 'included' && <Included inclusion={data.inclusion} />}
      </CardContent>
    </Card>
  );
}
