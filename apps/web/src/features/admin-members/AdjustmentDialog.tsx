import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  adjustmentBodySchema,
  amountSchema,
  DEFAULT_ADJUSTMENT_MEMO,
  fromBaseUnits,
  toBaseUnits,
  WALLET_LABELS,
  type AdminMemberDetail,
  type AdjustmentBody,
} from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../shared/api/errors';
import { AmountField } from '../../shared/components/AmountField';
import { ConfirmAmount, ConfirmLine } from '../../shared/components/ConfirmDialog';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { formatMoney } from '../../shared/format';
import { isAnswerLost, newIdempotencyKey } from '../../shared/idempotency';
import { useToast } from '../../shared/toast';
import { walletUnit } from '../wallet/labels';
import { useAdjust } from './api';

const formSchema = adjustmentBodySchema.extend({ amount: z.string().trim().pipe(amountSchema('Amount')) });
type FormInput = z.input<typeof formSchema>;

/**
 * A manual credit or debit of one wallet: the internal reason is required,
 * the message to the member is optional and separate (the member never sees
 * the reason), the second step restates the change and the balance before
 * and after, and the admin confirms. The audit log keeps both texts.
 */
export function AdjustmentDialog({
  member,
  open,
  onClose,
}: {
  member: AdminMemberDetail;
  open: boolean;
  onClose: () => void;
}) {
  const toast = useToast();
  const adjust = useAdjust(member.id);
  const form = useForm<FormInput, unknown, AdjustmentBody>({
    resolver: zodResolver(formSchema),
    defaultValues: { wallet: 'deposit', direction: 'credit', amount: '', reason: '', memo: '' },
  });
  const { control, handleSubmit, setError, reset, watch } = form;
  const [review, setReview] = useState<{ body: AdjustmentBody; key: string } | null>(null);

  useEffect(() => {
    if (!open) {
      reset();
      setReview(null);
    }
  }, [open, reset]);

  const wallet = watch('wallet');
  const unit = walletUnit(wallet);
  const current = member.wallets.find((w) => w.wallet === (review?.body.wallet ?? wallet))?.balance ?? '0';

  const next = handleSubmit((body) => setReview({ body, key: newIdempotencyKey() }));

  const confirm = async () => {
    if (!review) return;
    try {
      const done = await adjust.mutateAsync(review);
      toast.success(
        `${done.direction === 'credit' ? 'Credited' : 'Debited'} ${formatMoney(done.amount)} ${walletUnit(done.wallet)}; the ${WALLET_LABELS[done.wallet].toLowerCase()} now holds ${formatMoney(done.balance)}.`,
      );
      onClose();
    } catch (error) {
      toast.error(errorMessage(error));
      if (isAnswerLost(error)) return;
      setReview(null);
      applyServerFieldError(error, setError, ['wallet', 'direction', 'amount', 'reason', 'memo']);
    }
  };

  const after = (() => {
    if (!review) return undefined;
    const delta = toBaseUnits(review.body.amount);
    return fromBaseUnits(toBaseUnits(current) + (review.body.direction === 'credit' ? delta : -delta));
  })();

  return (
    <Dialog
      open={open}
      onClose={adjust.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="adjust-title"
    >
      <DialogTitle id="adjust-title">
        {review ? 'Confirm the adjustment' : `Adjust a wallet of @${member.username}`}
      </DialogTitle>
      {!review ? (
        <Box component="form" noValidate onSubmit={next} aria-label="Adjustment">
          <DialogContent>
            <Stack spacing={5}>
              <Controller
                control={control}
                name="wallet"
                render={({ field }) => (
                  <TextField select label="Wallet" {...field} fullWidth>
                    {member.wallets.map((w) => (
                      <MenuItem key={w.wallet} value={w.wallet}>
                        {w.label} — {formatMoney(w.balance)} {walletUnit(w.wallet)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="direction"
                render={({ field }) => (
                  <RadioGroup row {...field} aria-label="Direction">
                    <FormControlLabel value="credit" control={<Radio />} label="Credit (add)" />
                    <FormControlLabel value="debit" control={<Radio />} label="Debit (take)" />
                  </RadioGroup>
                )}
              />
              <AmountField label="Amount" unit={unit} {...fieldProps(form, 'amount')} />
              <TextField
                label="Message to the member"
                {...fieldProps(form, 'memo', `Optional. Shown in the member's wallet history; without one they read “${DEFAULT_ADJUSTMENT_MEMO}”.`)}
              />
              <TextField
                label="Reason (internal note)"
                multiline
                minRows={2}
                {...fieldProps(form, 'reason', 'Required. For admins only: kept in the audit log, never shown to the member.')}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="outlined" color="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="contained">
              Review
            </Button>
          </DialogActions>
        </Box>
      ) : (
        <>
          <DialogContent>
            <Box data-testid="adjustment-confirmation">
              <ConfirmLine label="Member">@{member.username}</ConfirmLine>
              <ConfirmLine label="Wallet">{WALLET_LABELS[review.body.wallet]}</ConfirmLine>
              <ConfirmAmount
                label={review.body.direction === 'credit' ? 'Credit' : 'Debit'}
                value={review.body.amount}
                unit={walletUnit(review.body.wallet)}
                strong
              />
              <ConfirmAmount label="Balance now" value={current} unit={walletUnit(review.body.wallet)} />
              <ConfirmAmount label="Balance after" value={after} unit={walletUnit(review.body.wallet)} />
              <ConfirmLine label="Member reads">{review.body.memo ?? DEFAULT_ADJUSTMENT_MEMO}</ConfirmLine>
              <ConfirmLine label="Internal note">{review.body.reason}</ConfirmLine>
              {after?.startsWith('-') && (
                <Typography color="error" variant="body2" sx={{ mt: 3 }}>
                  This debit is more than the wallet holds; it will be refused.
                </Typography>
              )}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button variant="outlined" color="secondary" onClick={() => setReview(null)} disabled={adjust.isPending}>
              Back
            </Button>
            <Button
              variant="contained"
              color={review.body.direction === 'debit' ? 'error' : 'primary'}
              onClick={() => void confirm()}
              disabled={adjust.isPending}
              startIcon={
                adjust.isPending ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : undefined
              }
            >
              Confirm {review.body.direction}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
