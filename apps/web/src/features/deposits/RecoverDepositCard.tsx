import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { recoverDepositSchema, type DepositRecovery } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../shared/api/errors';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { useRecoverDeposit } from './api';

const SEVERITY: Record<DepositRecovery['outcome'], AlertColor> = {
  credited: 'success',
  already_credited: 'info',
  not_final: 'info',
  below_minimum: 'warning',
  held: 'warning',
  rejected: 'warning',
};

/**
 * "Deposit not showing?": a transaction hash in, the recovery's answer out
 * (apps/api/src/deposits/recover-deposit.ts). One feedback per try: the
 * outcome below the form, a refusal of the hash on its field, anything else
 * (the chain not answering) a toast.
 */
export function RecoverDepositCard({ admin = false }: { admin?: boolean }) {
  const toast = useToast();
  const recover = useRecoverDeposit(admin);
  const [answer, setAnswer] = useState<DepositRecovery | null>(null);
  const form = useForm<z.input<typeof recoverDepositSchema>, unknown, z.output<typeof recoverDepositSchema>>({
    resolver: zodResolver(recoverDepositSchema),
    defaultValues: { txHash: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setAnswer(null);
    try {
      setAnswer(await recover.mutateAsync(values));
    } catch (error) {
      if (!applyServerFieldError(error, form.setError, ['txHash'])) toast.error(errorMessage(error));
    }
  });
  return (
    <Card>
      <CardHeader
        title="Deposit not showing?"
        subheader={
          admin
            ? 'Give the transaction hash of a USDT transfer to any deposit address: it is recorded and credited once final, exactly once.'
            : 'Give the transaction hash of your USDT transfer: if it reached your deposit address, it is credited once final, exactly once.'
        }
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Recover a deposit">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              label="Transaction hash"
              placeholder="0x…"
              autoComplete="off"
              slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace' } } }}
              {...fieldProps(form, 'txHash')}
            />
            <SubmitButton loading={form.formState.isSubmitting} sx={{ flexShrink: 0, mt: { sm: 1 } }}>
              Check transaction
            </SubmitButton>
          </Stack>
        </Box>
        {answer ? (
          <Alert severity={SEVERITY[answer.outcome]} role="status" sx={{ mt: 4 }} data-testid="deposit-recovery">
            {answer.message}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
