import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import StarsOutlined from '@mui/icons-material/StarsOutlined';
import type { WalletBalance } from '@portal/contract';
import { Link } from 'react-router';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import type { StatusColor } from '../../shared/components/StatusChip';
import { formatMoney } from '../../shared/format';
import { unitLabel } from './labels';

/** Each wallet's icon (and its name: a production build keeps no component names), colour and note (exported for the style guide's icon list, `features/style-guide/IconsPage.tsx`). */
export const WALLET_LOOK: Readonly<
  Record<string, { icon: typeof SavingsOutlined; iconName: string; color: StatusColor; note: string }>
> = {
  deposit: {
    icon: AccountBalanceWalletOutlined,
    iconName: 'AccountBalanceWalletOutlined',
    color: 'primary',
    note: 'For packages and transfers',
  },
  income: {
    icon: SavingsOutlined,
    iconName: 'SavingsOutlined',
    color: 'success',
    note: 'Bonuses; for withdrawals and conversion',
  },
  points: { icon: StarsOutlined, iconName: 'StarsOutlined', color: 'warning', note: 'For product redemption' },
};

/** The three wallets as stat cards; `wallets` undefined while loading; with `linkTo`, each card opens its page. */
export function BalanceCards({
  wallets,
  linkTo,
}: {
  wallets: WalletBalance[] | undefined;
  linkTo?: (wallet: string) => string;
}) {
  const shown = wallets ?? [
    { wallet: 'deposit', label: 'Deposit wallet', unit: 'USDT', balance: '' },
    { wallet: 'income', label: 'Income wallet', unit: 'USDT', balance: '' },
    { wallet: 'points', label: 'Point wallet', unit: 'POINT', balance: '' },
  ];
  return (
    <Grid container spacing={6}>
      {shown.map((wallet) => {
        const look = WALLET_LOOK[wallet.wallet]!;
        const Icon = look.icon;
        return (
          <Grid key={wallet.wallet} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card data-testid={`balance-${wallet.wallet}`} sx={{ height: '100%' }}>
              <MaybeLink to={linkTo?.(wallet.wallet)}>
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                  <TonalAvatar variant="rounded" color={look.color} sx={{ width: 48, height: 48 }}>
                    <Icon />
                  </TonalAvatar>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" color="text.secondary">
                      {wallet.label}
                    </Typography>
                    {wallets ? (
                      <Typography
                        variant="h5"
                        component="p"
                        title={`${wallet.balance} ${unitLabel(wallet.unit)}`}
                        sx={{ fontVariantNumeric: 'tabular-nums' }}
                      >
                        {formatMoney(wallet.balance)}{' '}
                        <Typography component="span" variant="body2" color="text.secondary">
                          {unitLabel(wallet.unit)}
                        </Typography>
                      </Typography>
                    ) : (
                      <Skeleton variant="text" width={120} height={32} />
                    )}
                    <Typography variant="caption" color="text.secondary">
                      {look.note}
                    </Typography>
                  </Box>
                </CardContent>
              </MaybeLink>
            </Card>
          </Grid>
        );
      })}
    </Grid>
  );
}

function MaybeLink({ to, children }: { to: string | undefined; children: ReactNode }) {
  if (!to) return children;
  return (
    <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
      {children}
    </CardActionArea>
  );
}
