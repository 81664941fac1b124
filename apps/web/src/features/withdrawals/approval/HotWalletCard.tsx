import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Money } from '../../../shared/components/Money';
import { TermHelp } from '../../../shared/components/TermHelp';
import { formatMoney } from '../../../shared/format';
import { useHotWallet } from '../api';
import { mono } from '../withdrawal-columns';

/** What the hot wallet holds beside what the approved payouts will take from it, above the pending list. */
export function HotWalletCard() {
  const wallet = useHotWallet();
  if (!wallet.data) return null;
  const w = wallet.data;
  return (
    <Card data-testid="hot-wallet">
      <CardHeader
        title={
          <>
            Hot wallet <TermHelp id="hotWallet" />
          </>
        }
        subheader={w.address ? mono(w.address) : 'Not configured'}
      />
      <CardContent>
        <Stack direction="row" spacing={8} sx={{ flexWrap: 'wrap', gap: 4 }}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Token
            </Typography>
            <Typography variant="h5" component="p">
              <Money value={w.token} unit="USDT" />
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Gas
            </Typography>
            <Typography variant="h5" component="p">
              {formatMoney(w.gas, { decimals: 4, unit: 'BNB' })}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Approved, not yet paid
            </Typography>
            <Typography variant="h5" component="p">
              <Money value={w.owed} unit="USDT" />
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              Pending (to arrive)
            </Typography>
            <Typography variant="h5" component="p">
              <Money value={w.pendingNet} unit="USDT" />
            </Typography>
          </Box>
        </Stack>
        {w.warning && (
          <Alert severity="warning" sx={{ mt: 4 }}>
            {w.warning}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
