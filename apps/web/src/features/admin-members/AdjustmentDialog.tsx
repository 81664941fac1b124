import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
  DEFAULT_ADJUSTMENT_MEMO,
  fromBaseUnits,
  toBaseUnits,
  WALLET_LABELS,
  type AdminMemberDetail,
  type AdjustmentBody,
} from '@portal/contract';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { AmountField } from '../../shared/components/AmountField';
import { ConfirmAmount, ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { typedAmount } from '../../shared/typed-amount';
import { formatMoney } from '../../shared/format';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { walletUnit } from '../wallet/labels';
import { useAdjust } from './api';

const formSchema = adjustmentBodySchema.extend({ amount: typedAmount() });
type FormInput = z.input<typeof formSchema>;

/**
 * A manual credit or debit of one wallet: the internal reason is required,
 * the message to the member is optional and separate (the member never sees
 * the reason), the second step restates the change and the balance before
 * and after, and the admin confirms. The audit log keeps both texts.
 *
 * The confirmation is the shared one of every money form
 * (`useConfirmedMutation` + `ConfirmDialog`, architecture.md, Money forms):
 * an Idempotency-Key per attempt, kept when the answer is lost, and one
 * feedback per action (a field error on its field, anything else a toast).
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
  const adjust = useAdjust(member.id);
  const form = useForm<FormInput, unknown, AdjustmentBody>({
    resolver: zodResolver(formSchema),
    defaultValues: { wallet: 'deposit', direction: 'credit', amount: '', reason: '', memo: '' },
  });
  const { control, handleSubmit, setError, reset, watch } = form;
  const flow = useConfirmedMutation({
    send: (body: AdjustmentBody, key: string) => adjust.mutateAsync({ body, key }),
    successMessage: (done) =>
      `${done.direction === 'credit' ? 'Credited' : 'Debited'} ${formatMoney(done.amount)} ${walletUnit(done.wallet)}; the ${WALLET_LABELS[done.wallet].toLowerCase()} now holds ${formatMoney(done.balance)}.`,
    fieldError: (error) => applyServerFieldError(error, setError, ['wallet', 'direction', 'amount', 'reason', 'memo']),
    onSuccess: () => onClose(),
  });
  const review = flow.pending;

  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  const wallet = watch('wallet');
  const unit = walletUnit(wallet);
  const current = member.wallets.find((w) => w.wallet === (review?.wallet ?? wallet))?.balance ?? '0';

  const next = handleSubmit((body) => flow.open(body));

  const after = review ? balanceAfter(current, review) : undefined;

  return (
    <>
      <Dialog
        open={open}
        onClose={flow.sending ? undefined : onClose}
        fullWidth
        maxWidth="sm"
        aria-labelledby="adjust-title"
      >
        <DialogTitle id="adjust-title">Adjust a wallet of @{member.username}</DialogTitle>
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
                {...fieldProps(
                  form,
                  'memo',
                  `Optional. Shown in the member's wallet history; without one they read “${DEFAULT_ADJUSTMENT_MEMO}”.`,
                )}
              />
              <TextField
                label="Reason (internal note)"
                multiline
                minRows={2}
                {...fieldProps(
                  form,
                  'reason',
                  'Required. For admins only: kept in the audit log, never shown to the member.',
                )}
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
      </Dialog>

      <ConfirmDialog
        title="Confirm the adjustment"
        confirmLabel={`Confirm ${review?.direction ?? 'credit'}`}
        color={review?.direction === 'debit' ? 'error' : 'primary'}
        {...flow.dialog}
      >
        {review && <AdjustmentSummary member={member} review={review} current={current} after={after} />}
      </ConfirmDialog>
    </>
  );
}

/** The wallet's balance once the adjustment is booked (negative when a debit takes more than it holds). */
function balanceAfter(current: string, review: AdjustmentBody): string {
  const delta = toBaseUnits(review.amount);
  return fromBaseUnits(toBaseUnits(current) + (review.direction === 'credit' ? delta : -delta));
}

/** The adjustment restated before it is booked: whose wallet, how much, the balance before and after, both texts. */
function AdjustmentSummary({
  member,
  review,
  current,
  after,
}: {
  member: AdminMemberDetail;
  review: AdjustmentBody;
  current: string;
  after: string | undefined;
}) {
  return (
    <ConfirmSummary
      testId="adjustment-confirmation"
      note={
        after?.startsWith('-') ? (
          <Typography component="span" color="error" variant="body2">
            This debit is more than the wallet holds; it will be refused.
          </Typography>
        ) : (
          `${formatMoney(review.amount)} ${walletUnit(review.wallet)} ${review.direction === 'credit' ? 'is added to' : 'is taken from'} @${member.username}'s ${WALLET_LABELS[review.wallet].toLowerCase()}. The audit log keeps the reason.`
        )
      }
    >
      <ConfirmLine label="Member">@{member.username}</ConfirmLine>
      <ConfirmLine label="Wallet">{WALLET_LABELS[review.wallet]}</ConfirmLine>
      <ConfirmAmount
        label={review.direction === 'credit' ? 'Credit' : 'Debit'}
        value={review.amount}
        unit={walletUnit(review.wallet)}
        strong
      />
      <ConfirmAmount label="Balance now" value={current} unit={walletUnit(review.wallet)} />
      <ConfirmAmount label="Balance after" value={after} unit={walletUnit(review.wallet)} />
      <ConfirmLine label="Member reads">{review.memo ?? DEFAULT_ADJUSTMENT_MEMO}</ConfirmLine>
      <ConfirmLine label="Internal note">{review.reason}</ConfirmLine>
    </ConfirmSummary>
  );
}
