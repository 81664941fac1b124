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
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { QRCodeSVG } from 'qrcode.react';
import { errorMessage } from '../../shared/api/errors';
import { DataTable } from '../../shared/components/DataTable';
import { FactList } from '../../shared/components/FactList';
import { Money } from '../../shared/components/Money';
import { useToast } from '../../shared/toast';
import { useDepositAddress, useMyDeposits } from './api';
import { MEMBER_DEPOSIT_COLUMNS } from './columns';
import { RecoverDepositCard } from './RecoverDepositCard';

/** The address card: QR code, copy button, token and network named plainly, the minimum, the warning. */
export function DepositAddressCard() {
  const address = useDepositAddress();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  if (address.isError) return <Alert severity="warning">{errorMessage(address.error)}</Alert>;
  const info = address.data;
  const copy = async () => {
    if (!info) return;
    try {
      await navigator.clipboard.writeText(info.address);
      setCopied(true);
      toast.success('Deposit address copied.');
    } catch {
      toast.error('Copy failed: select the address and copy it by hand.');
    }
  };
  return (
    <Card>
      <CardHeader title="Your deposit address" subheader={info ? `${info.token.symbol} · ${info.network}` : ' '} />
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={6} sx={{ alignItems: { md: 'flex-start' } }}>
          <Box
            sx={{
              p: 2,
              bgcolor: '#fff',
              borderRadius: 1,
              alignSelf: { xs: 'center', md: 'flex-start' },
              lineHeight: 0,
            }}
          >
            {info ? (
              <QRCodeSVG value={info.uri} size={184} aria-label="QR code of your deposit address" role="img" />
            ) : (
              <Skeleton variant="rectangular" width={184} height={184} />
            )}
          </Box>
          <Stack spacing={4} sx={{ minWidth: 0, flex: 1 }}>
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                Send only {info?.token.symbol ?? 'USDT'} on {info?.network ?? 'BNB Smart Chain (BEP20)'} to
              </Typography>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Typography
                  data-testid="deposit-address"
                  sx={{ fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere', fontWeight: 600 }}
                >
                  {info?.address ?? <Skeleton width={340} />}
                </Typography>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<ContentCopyOutlined />}
                  onClick={copy}
                  disabled={!info}
                  sx={{ flexShrink: 0 }}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </Stack>
            </Box>
            <FactList
              columns={{ xs: 1, sm: 3 }}
              facts={[
                ['Token', info ? `${info.token.symbol} (BEP20)` : '…'],
                ['Network', info?.network ?? '…'],
                ['Minimum credited', info ? <Money value={info.minimum} unit="USDT" /> : '…'],
              ]}
            />
            <Alert severity="warning">
              Send only USDT on BNB Smart Chain (BEP20) to this address. Other tokens, or USDT sent on another network,
              are lost. Amounts below the minimum are recorded but not credited.
            </Alert>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** /deposit: the address and the member's recent deposits, live (seen → confirmations → credited) without a refresh. */
export function DepositPage() {
  const deposits = useMyDeposits({ page: 1, pageSize: 10 }, true);
  const data = deposits.data;
  return (
    <Stack spacing={6}>
      <DepositAddressCard />
      <Card>
        <CardHeader
          title="Recent deposits"
          subheader="Updated every few seconds: a deposit shows when its block is seen and is credited once final."
          action={
            data ? (
              <Typography component="div" sx={{ textAlign: 'right' }}>
                <Typography variant="body2" color="text.secondary">
                  Deposit wallet
                </Typography>
                <Money value={data.balance} unit="USDT" data-testid="deposit-balance" sx={{ fontWeight: 600 }} />
              </Typography>
            ) : null
          }
        />
        {data?.chain.status === 'unreachable' ? (
          <Alert severity="warning" sx={{ mx: 6, mb: 4 }}>
            The chain is not answering right now; deposits will appear as soon as it does.
          </Alert>
        ) : data?.chain.status === 'stalled' ? (
          <Alert severity="warning" sx={{ mx: 6, mb: 4 }} data-testid="chain-stalled">
            The chain node is catching up; new deposits will be credited once it has.
          </Alert>
        ) : null}
        <DataTable
          stackOnPhone
          label="Recent deposits"
          columns={MEMBER_DEPOSIT_COLUMNS}
          rows={data?.items}
          total={data?.total}
          rowKey={(d) => d.id}
          page={1}
          pageSize={10}
          onPage={() => undefined}
          onPageSize={() => undefined}
          loading={deposits.isPending}
          error={deposits.isError ? deposits.error : undefined}
          empty="No deposits yet. Send USDT (BEP20) to the address above."
          hidePagination
        />
      </Card>
      <RecoverDepositCard />
    </Stack>
  );
}
