import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import MuiLink from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { fromBaseUnits, toBaseUnits, type Package } from '@portal/contract';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api/errors';
import { ConfirmAmount, ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { Money } from '../../shared/components/Money';
import { TermHelp } from '../../shared/components/TermHelp';
import { formatBV, formatMoney } from '../../shared/format';
import { TERMS } from '../../shared/vocabulary';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useWallets } from '../wallet/api';
import { useBuy, usePackages, usePlanStatus } from './api';

/** /purchase-package and /repurchase: package cards, a confirmation, paid from the deposit wallet. */
export function PurchasePackagePage({ repurchase = false }: { repurchase?: boolean }) {
  const packages = usePackages();
  const status = usePlanStatus();
  const wallets = useWallets();
  const buy = useBuy();
  const purchase = useConfirmedMutation({
    send: (pkg: Package, key: string) => buy.mutateAsync({ packageId: pkg.id, key }),
    successMessage: (done) =>
      `${done.kind === 'purchase' ? 'Purchased' : 'Repurchased'} ${done.package.name} for ${formatMoney(done.price)} USDT.`,
  });
  const pending = purchase.pending;
  const deposit = wallets.data?.wallets.find((w) => w.wallet === 'deposit');
  const active = status.data?.active ?? false;
  // Short of the price: say so and how to fund it, instead of a button that can only fail.
  const shortBy = (price: string): string | null => {
    if (!deposit) return null;
    const missing = toBaseUnits(price) - toBaseUnits(deposit.balance);
    return missing > 0n ? fromBaseUnits(missing) : null;
  };

  return (
    <Grid container spacing={6}>
      <Grid size={12}>
        <Card>
          <CardHeader
            title={repurchase ? 'Repurchase a package' : 'Purchase a package'}
            subheader="Paid from your deposit wallet. Your first purchase makes you active; your current package is the highest you have bought."
          />
          <CardContent>
            <Box sx={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Deposit wallet
                </Typography>
                <Typography variant="h5" component="p" data-testid="purchase-deposit">
                  {deposit ? <Money value={deposit.balance} unit="USDT" /> : '—'}
                </Typography>
              </Box>
              <Box>
                <Typography variant="body2" color="text.secondary">
                  Status
                </Typography>
                <Typography variant="h5" component="p" data-testid="purchase-status">
                  {status.data
                    ? active
                      ? `${TERMS.active.word} · ${status.data.package?.name ?? ''}`
                      : `Not ${TERMS.active.word.toLowerCase()} yet`
                    : '—'}
                  <TermHelp id="active" />
                </Typography>
              </Box>
            </Box>
            {repurchase && status.data && !active && (
              <Alert severity="info" sx={{ mt: 4 }}>
                You have not bought a package yet: your first purchase is a purchase, not a repurchase. It works the
                same way.
              </Alert>
            )}
          </CardContent>
        </Card>
      </Grid>
      {packages.isPending &&
        [0, 1, 2, 3].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Skeleton variant="rounded" height={220} />
          </Grid>
        ))}
      {packages.isError && (
        <Grid size={12}>
          <Alert severity="error" action={<Button onClick={() => void packages.refetch()}>Retry</Button>}>
            {errorMessage(packages.error)}
          </Alert>
        </Grid>
      )}
      {packages.data?.items.length === 0 && (
        <Grid size={12}>
          <Alert severity="info">No package is on sale right now.</Alert>
        </Grid>
      )}
      {packages.data?.items.map((pkg) => (
        <Grid key={pkg.id} size={{ xs: 12, sm: 6, lg: 3 }}>
          <PackageCard
            pkg={pkg}
            current={status.data?.package?.id === pkg.id}
            short={shortBy(pkg.price)}
            canBuy={!!deposit}
            active={active}
            onBuy={() => purchase.open(pkg)}
          />
        </Grid>
      ))}
      <Grid size={12}>
        <Button component={Link} to="/repurchase-history" variant="outlined" size="small">
          Purchase history
        </Button>
      </Grid>

      <ConfirmDialog
        title={active ? 'Confirm the repurchase' : 'Confirm the purchase'}
        confirmLabel="Pay"
        {...purchase.dialog}
      >
        {pending && (
          <ConfirmSummary testId="purchase-confirmation" note="A purchase cannot be undone.">
            <ConfirmLine label="Package">{pending.name}</ConfirmLine>
            <ConfirmAmount label="From your deposit wallet" value={pending.price} unit="USDT" />
            <ConfirmAmount label="Fee" value="0" unit="USDT" />
            <ConfirmLine label="Business volume added to your team" strong>
              {formatBV(pending.bv)} BV
            </ConfirmLine>
          </ConfirmSummary>
        )}
      </ConfirmDialog>
    </Grid>
  );
}

interface PackageCardProps {
  pkg: Package;
  /** The member's current package. */
  current: boolean;
  /** How much the deposit wallet lacks for this package, if it lacks anything. */
  short: string | null;
  canBuy: boolean;
  /** Whether the member has bought before: the button says Repurchase. */
  active: boolean;
  onBuy: () => void;
}

/** A package on sale: its price, volume and cap, and Buy, or what the deposit wallet lacks and how to fund it. */
function PackageCard({ pkg, current, short, canBuy, active, onBuy }: PackageCardProps) {
  return (
    <Card data-testid={`package-${pkg.name}`} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader
        title={pkg.name}
        action={current ? <Chip size="small" color="primary" label="Current" /> : undefined}
      />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h4" component="p" color="primary.main">
          <Money value={pkg.price} unit="USDT" />
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Business volume: {formatBV(pkg.bv)} BV
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Daily matching cap: <Money value={pkg.dailyCap} unit="USDT" />
        </Typography>
      </CardContent>
      <CardActions sx={{ p: 5, pt: 0, flexDirection: 'column', alignItems: 'stretch', gap: 2 }}>
        {short !== null ? (
          <Alert severity="info" data-testid={`short-${pkg.name}`} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
            Your deposit wallet is {formatMoney(short)} USDT short of this package. Fund it with a{' '}
            <MuiLink component={Link} to="/deposit">
              deposit
            </MuiLink>
            , or ask your sponsor for a{' '}
            <MuiLink component={Link} to="/transfer">
              transfer
            </MuiLink>
            .
          </Alert>
        ) : (
          <Button variant="contained" fullWidth disabled={!canBuy} onClick={onBuy}>
            {active ? 'Repurchase' : 'Buy'}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
