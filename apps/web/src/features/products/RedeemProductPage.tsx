import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CardMedia from '@mui/material/CardMedia';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RedeemOutlined from '@mui/icons-material/RedeemOutlined';
import {
  DELIVERY_ADDRESS_MAX,
  deliveryAddressSchema,
  fromBaseUnits,
  MAX_REDEEM_QUANTITY,
  toBaseUnits,
  type Product,
  type RedemptionQuote,
} from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { ConfirmAmount, ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { SearchField } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { formatCount, formatPoints } from '../../shared/format';
import { pointsInWords } from '../../shared/words';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { useListParams } from '../../shared/list-params';
import { useWallets } from '../wallet/api';
import { fetchRedemptionQuote, useCatalogue, useRedeem } from './api';

const formSchema = z.object({
  quantity: z
    .string()
    .trim()
    .regex(/^[1-9]\d*$/, 'Quantity must be a whole number of at least 1')
    .transform(Number)
    .pipe(z.number().max(MAX_REDEEM_QUANTITY, `Quantity must be at most ${MAX_REDEEM_QUANTITY}`)),
  deliveryAddress: deliveryAddressSchema,
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const FILTERS = ['search'] as const;

/** One hundredth of a point in base units: points are shown with at most two decimals. */
const HUNDREDTH = 10n ** 16n;

/**
 * How many points the wallet lacks for one piece of `price`, rounded up to the
 * hundredth shown (a shortfall is never said as less than it is); null when it
 * has enough, or before the wallet is known.
 */
export function pointsShort(price: string, balance: string | undefined): string | null {
  if (balance === undefined) return null;
  const missing = toBaseUnits(price) - toBaseUnits(balance);
  return missing > 0n ? fromBaseUnits(((missing + HUNDREDTH - 1n) / HUNDREDTH) * HUNDREDTH) : null;
}

const PAGE_SIZE = 12;

/** /redeem-product: the catalogue as cards; quantity and delivery address; a confirmation with points before and after. */
export function RedeemProductPage() {
  const list = useListParams({ filters: FILTERS, defaultSort: 'name', defaultPageSize: PAGE_SIZE });
  const catalogue = useCatalogue({ ...list.query, pageSize: PAGE_SIZE });
  const wallets = useWallets();
  const points = wallets.data?.wallets.find((w) => w.wallet === 'points');
  const [chosen, setChosen] = useState<Product | null>(null);
  const pages = catalogue.data ? Math.max(1, Math.ceil(catalogue.data.total / PAGE_SIZE)) : 1;

  return (
    <Grid container spacing={6}>
      <Grid size={12}>
        <Card>
          <CardHeader
            title="Redeem a product"
            subheader="Paid with points from your point wallet. Points and stock are reserved at once; an admin then ships it or, if it cannot be shipped, returns your points."
            sx={{ flexWrap: 'wrap', gap: 2 }}
          />
          <CardContent sx={{ display: 'flex', gap: 6, flexWrap: 'wrap', alignItems: 'flex-end', pt: 0 }}>
            <Box>
              <Typography variant="body2" color="text.secondary">
                Point wallet
              </Typography>
              <Typography variant="h5" component="p" data-testid="redeem-points">
                {points ? <Money value={points.balance} unit="points" /> : '—'}
              </Typography>
            </Box>
            <Box sx={{ flex: '1 1 220px', maxWidth: 360 }}>
              <SearchField
                label="Search products"
                value={list.filters.search}
                onChange={(search) => list.update({ search })}
              />
            </Box>
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
              <Button component={Link} to="/convert" variant="outlined" size="small">
                Get points
              </Button>
              <Button component={Link} to="/redeem-history" variant="outlined" size="small">
                Redemption history
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Grid>

      {catalogue.isError && !isSessionEnded(catalogue.error) && (
        <Grid size={12}>
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void catalogue.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(catalogue.error, 'The catalogue could not be loaded.')}
          </Alert>
        </Grid>
      )}
      {catalogue.isPending &&
        [1, 2, 3].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
            <Skeleton variant="rounded" height={320} />
          </Grid>
        ))}
      {catalogue.data?.items.length === 0 && (
        <Grid size={12}>
          <Card>
            <CardContent>
              <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
                {list.filters.search ? 'No product matches this search.' : 'No products are offered at the moment.'}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      )}
      {catalogue.data?.items.map((product) => (
        <Grid key={product.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
          <ProductCard
            product={product}
            short={pointsShort(product.price, points?.balance)}
            onRedeem={() => setChosen(product)}
          />
        </Grid>
      ))}
      {pages > 1 && (
        <Grid size={12} sx={{ display: 'flex', justifyContent: 'center' }}>
          <Pagination count={pages} page={list.page} onChange={(_e, page) => list.update({ page })} color="primary" />
        </Grid>
      )}

      {chosen && <RedeemDialog product={chosen} onClose={() => setChosen(null)} />}
    </Grid>
  );
}

/**
 * A product on offer: its picture, price and stock, and Redeem; a product the
 * point wallet cannot pay one piece of says by how much ("Short by 3 points"),
 * with Redeem disabled, as a package card says what the deposit wallet lacks.
 */
function ProductCard({ product, short, onRedeem }: { product: Product; short: string | null; onRedeem: () => void }) {
  const soldOut = product.stock === 0;
  const shortId = `product-${product.id}-short`;
  return (
    <Card
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      data-testid="product-card"
      aria-label={product.name}
    >
      {product.thumbnailUrl ? (
        <CardMedia
          component="img"
          image={product.thumbnailUrl}
          alt={product.name}
          sx={{ aspectRatio: '1 / 1', objectFit: 'cover' }}
        />
      ) : (
        <Box
          sx={{ aspectRatio: '1 / 1', display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}
          aria-hidden="true"
        >
          <RedeemOutlined sx={{ fontSize: 64, color: 'text.disabled' }} />
        </Box>
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {product.name}
        </Typography>
        {product.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
            {product.description}
          </Typography>
        )}
        <Typography variant="h5" component="p" color="primary" sx={{ mt: 3 }}>
          <Money value={product.price} unit="points" />
        </Typography>
        <Typography variant="body2" color={soldOut ? 'error' : 'text.secondary'}>
          {soldOut ? 'Out of stock' : `${formatCount(product.stock)} in stock`}
        </Typography>
      </CardContent>
      <CardActions disableSpacing sx={{ px: 5, pb: 5, flexDirection: 'column', alignItems: 'stretch', gap: 2 }}>
        <Button
          variant="contained"
          fullWidth
          onClick={onRedeem}
          disabled={soldOut || short !== null}
          aria-describedby={short !== null && !soldOut ? shortId : undefined}
        >
          Redeem
        </Button>
        {short !== null && !soldOut && (
          <Typography
            id={shortId}
            variant="body2"
            color="text.secondary"
            data-testid="product-short"
            sx={{ textAlign: 'center' }}
          >
            Short by {pointsInWords(short)}
          </Typography>
        )}
      </CardActions>
    </Card>
  );
}

function RedeemDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const redeem = useRedeem();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { quantity: '1', deliveryAddress: '' },
  });
  const { handleSubmit, setError } = form;
  const redemption = useConfirmedMutation({
    send: ({ quote, address }: { quote: RedemptionQuote; address: string }, key: string) =>
      redeem.mutateAsync({ body: { productId: product.id, quantity: quote.quantity, deliveryAddress: address }, key }),
    successMessage: (done) =>
      `Redeemed ${done.quantity} × ${done.product.name} for ${formatPoints(done.points)}. It is waiting for approval.`,
    fieldError: (error) => applyServerFieldError(error, setError, ['quantity', 'deliveryAddress']),
    onSuccess: () => onClose(),
  });
  const pending = redemption.pending;

  const review = handleSubmit(({ quantity, deliveryAddress }) =>
    redemption.prepare(async () => ({
      quote: await fetchRedemptionQuote(product.id, quantity),
      address: deliveryAddress,
    })),
  );

  return (
    <>
      <Dialog
        open={!pending}
        onClose={redemption.preparing ? undefined : onClose}
        fullWidth
        maxWidth="xs"
        aria-labelledby="redeem-title"
      >
        <Box component="form" noValidate onSubmit={review} aria-label="Redeem product">
          <DialogTitle id="redeem-title">Redeem {product.name}</DialogTitle>
          <DialogContent>
            <Stack spacing={4} sx={{ mt: 2 }}>
              <Typography variant="body2" color="text.secondary">
                <Money value={product.price} unit="points" /> each · {formatCount(product.stock)} in stock
              </Typography>
              <TextField
                label="Quantity"
                type="number"
                {...fieldProps(form, 'quantity', `Up to ${Math.min(product.stock, MAX_REDEEM_QUANTITY)}`)}
                slotProps={{
                  htmlInput: {
                    min: 1,
                    max: Math.min(product.stock, MAX_REDEEM_QUANTITY),
                    step: 1,
                    inputMode: 'numeric',
                  },
                }}
              />
              <TextField
                label="Delivery address"
                multiline
                minRows={3}
                {...fieldProps(form, 'deliveryAddress', 'Street, number, postcode, city, country')}
                slotProps={{ htmlInput: { maxLength: DELIVERY_ADDRESS_MAX } }}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="outlined" color="secondary" onClick={onClose} disabled={redemption.preparing}>
              Cancel
            </Button>
            <SubmitButton loading={redemption.preparing}>Review</SubmitButton>
          </DialogActions>
        </Box>
      </Dialog>

      <ConfirmDialog title="Confirm the redemption" confirmLabel="Redeem" {...redemption.dialog}>
        {pending && (
          <ConfirmSummary
            testId="redemption-confirmation"
            note="The points leave your point wallet now. If the redemption is rejected, they come back."
          >
            <ConfirmLine label="Product">
              {pending.quote.quantity} × {pending.quote.productName}
            </ConfirmLine>
            <ConfirmAmount label="Price each" value={pending.quote.unitPrice} unit="points" />
            <ConfirmAmount label="Points before" value={pending.quote.balanceBefore} unit="points" />
            <ConfirmAmount label="Points to pay" value={pending.quote.points} unit="points" strong />
            <ConfirmAmount label="Points after" value={pending.quote.balanceAfter} unit="points" strong />
            <ConfirmLine label="Deliver to">
              <Box component="span" sx={{ whiteSpace: 'pre-line' }}>
                {pending.address}
              </Box>
            </ConfirmLine>
          </ConfirmSummary>
        )}
      </ConfirmDialog>
    </>
  );
}
