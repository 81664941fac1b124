import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HotWalletFunding } from '@portal/contract';
import { QRCodeSVG } from 'qrcode.react';
import { FactList } from '../../shared/components/FactList';
import { Money } from '../../shared/components/Money';
import { StatusChip } from '../../shared/components/StatusChip';
import { TermHelp } from '../../shared/components/TermHelp';
import { formatMoney } from '../../shared/format';
import { CapitalForm } from './CapitalForm';
import { TreasuryMoveForm } from './TreasuryMoveForm';

/** Below the low-water mark, short of its target, or funded: the chip beside the card's title. */
function fundingState(funding: HotWalletFunding) {
  if (funding.belowLowWater) return { status: 'low', color: 'error', label: 'Below the low-water mark' } as const;
  if (funding.aboveCap !== '0.00') return { status: 'high', color: 'warning', label: 'Above its cap' } as const;
  if (funding.toMove !== '0.00') return { status: 'short', color: 'warning', label: 'Below its target' } as const;
  return { status: 'funded', color: 'success', label: 'Funded' } as const;
}

/**
 * The hot wallet that pays withdrawals on `/bep20-wallets`: what it holds
 * against what withdrawals need and its target, and how to fund it. The
 * consolidations fill it first (apps/api/src/deposits/sweep-deposit-addresses.ts);
 * beyond that an admin moves funds from the treasury where the portal holds
 * its key, or the operator's wallet scans the EIP-681 QR code of a cold
 * treasury. Capital from any other address is booked below.
 */
export function HotWalletCard({ funding }: { funding: HotWalletFunding }) {
  const state = fundingState(funding);
  return (
    <Card data-testid="hot-wallet-funding">
      <CardHeader
        title={
          <>
            Hot wallet <TermHelp id="hotWallet" />
          </>
        }
        subheader="Pays the approved withdrawals. Consolidations fill it to what withdrawals need plus its target, then send the rest to the treasury."
        action={<StatusChip status={state.status} color={state.color} label={state.label} />}
        sx={{ flexWrap: 'wrap', gap: 2, '& .MuiCardHeader-action': { m: 0 } }}
      />
      <CardContent>
        <Stack spacing={5}>
          <FactList
            columns={{ xs: 1, sm: 2, lg: 4 }}
            facts={[
              ['Holds', <Money key="b" value={funding.balance} unit="USDT" data-testid="hot-balance" />],
              ['Withdrawals need', <Money key="n" value={funding.needed} unit="USDT" />],
              ['Target over that', <Money key="t" value={funding.target} unit="USDT" />],
              ['Low-water mark', <Money key="l" value={funding.lowWater} unit="USDT" />],
              ['Cap over that', <Money key="cap" value={funding.cap} unit="USDT" />],
              ['To move from the treasury', <Money key="m" value={funding.toMove} unit="USDT" data-testid="to-move" />],
              ['Treasury holds', <Money key="r" value={funding.treasury.balance} unit="USDT" />],
              ['Capital booked', <Money key="c" value={funding.capitalBooked} unit="USDT" />],
            ]}
          />
          {funding.belowLowWater ? (
            <Alert severity="warning">
              The hot wallet holds less than its low-water mark of {formatMoney(funding.lowWater)} USDT: fund it before
              payouts fail.
            </Alert>
          ) : null}
          {funding.aboveCap !== '0.00' ? (
            <Alert severity="warning" data-testid="above-cap">
              {funding.treasury.keyHeld
                ? `The hot wallet holds ${formatMoney(funding.aboveCap)} USDT above its cap: the portal sends it back to the treasury once no payout is being sent.`
                : `The hot wallet holds ${formatMoney(funding.aboveCap)} USDT above its cap: move it to the treasury (${funding.treasury.address}) from the hot wallet's own wallet, or raise the cap.`}
            </Alert>
          ) : null}
          {funding.treasury.keyHeld ? <TreasuryMoveForm funding={funding} /> : <ColdTreasury funding={funding} />}
          <Divider />
          <CapitalForm />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A treasury whose key the portal does not hold: the amount to send, as a QR code for the treasury's own wallet. */
function ColdTreasury({ funding }: { funding: HotWalletFunding }) {
  if (!funding.paymentUri)
    return (
      <Typography variant="body2" color="text.secondary">
        The treasury&apos;s key is not on this portal (TREASURY_KEY). Nothing needs moving now; when the hot wallet is
        short, the amount to send from the treasury shows here as a QR code.
      </Typography>
    );
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={5} sx={{ alignItems: { md: 'flex-start' } }}>
      <Box
        sx={{ p: 2, bgcolor: '#fff', borderRadius: 1, alignSelf: { xs: 'center', md: 'flex-start' }, lineHeight: 0 }}
      >
        <QRCodeSVG
          value={funding.paymentUri}
          size={184}
          role="img"
          aria-label={`QR code: send ${formatMoney(funding.toMove)} USDT from the treasury to the hot wallet`}
        />
      </Box>
      <Stack spacing={2} sx={{ minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3">
          Send {formatMoney(funding.toMove)} USDT from the treasury
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The treasury&apos;s key is not on this portal. Scan the code with the treasury&apos;s wallet (
          <span style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{funding.treasury.address}</span>): it
          asks to send exactly this amount of USDT to the hot wallet (
          <span style={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{funding.address}</span>). The portal
          counts the transfer as a move between its own wallets.
        </Typography>
        <Typography
          variant="caption"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          data-testid="payment-uri"
        >
          {funding.paymentUri}
        </Typography>
      </Stack>
    </Stack>
  );
}
