import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { ConfirmedMutation } from '../hooks/useConfirmedMutation';
import { BalancePanel, type BalancePanelProps } from './BalancePanel';
import { ConfirmDialog } from './ConfirmDialog';
import { SubmitButton } from './SubmitButton';

export interface MoneyFormPageProps<T> {
  /** The form card's title and the line under it. */
  header: { title: string; subheader: string };
  /** The form's accessible name, its review button and what reviewing does (fetch a quote through `flow`). */
  form: {
    label: string;
    submit: string;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void | Promise<void>;
    disabled?: boolean;
  };
  /** The page's `useConfirmedMutation`: the review button spins while it prepares, the dialog is its confirmation. */
  flow: ConfirmedMutation<T>;
  /** The confirmation's title and button. */
  confirm: { title: string; label: string };
  /** What the confirmation restates of the pending review. */
  summary: (pending: T) => ReactNode;
  /** What the member has to spend, beside the form. */
  balance: BalancePanelProps;
  /** Alerts above the form (why it cannot be sent yet). */
  notices?: ReactNode;
  /** The fields. */
  children: ReactNode;
}

/**
 * The page of a money form (Transfer, Point conversion, Withdraw): the form
 * card with its review button, the balance beside it, and the confirmation.
 * A page brings only its words, its fields, its balance and its summary, so
 * every money form reads and behaves alike (architecture.md, Money forms).
 */
export function MoneyFormPage<T>({
  header,
  form,
  flow,
  confirm,
  summary,
  balance,
  notices,
  children,
}: MoneyFormPageProps<T>) {
  return (
    <Grid container spacing={6}>
      <Grid size={{ xs: 12, md: 7 }}>
        <Card>
          <CardHeader title={header.title} subheader={header.subheader} />
          <CardContent>
            {notices}
            <Box component="form" noValidate onSubmit={form.onSubmit} aria-label={form.label}>
              <Stack spacing={5}>
                {children}
                <Box>
                  <SubmitButton loading={flow.preparing} disabled={form.disabled}>
                    {form.submit}
                  </SubmitButton>
                </Box>
              </Stack>
            </Box>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <BalancePanel {...balance} />
      </Grid>

      <ConfirmDialog title={confirm.title} confirmLabel={confirm.label} {...flow.dialog}>
        {flow.pending && summary(flow.pending)}
      </ConfirmDialog>
    </Grid>
  );
}
