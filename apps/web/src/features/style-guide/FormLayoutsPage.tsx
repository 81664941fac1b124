import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import TextField from '@mui/material/TextField';
import { amountProblem, receiverUsernameSchema, text } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AmountField } from '../../shared/components/AmountField';
import { PasswordField } from '../../shared/components/PasswordField';
import { ConfirmAmount, ConfirmDialog, ConfirmLine, ConfirmSummary } from '../../shared/components/ConfirmDialog';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { fieldProps } from '../../shared/forms';
import { typedAmount } from '../../shared/typed-amount';
import { useConfirmedMutation } from '../../shared/hooks/useConfirmedMutation';
import { SAMPLE_DATA_LABEL } from './labels';
import { Section } from './Section';

/** The transfer form's own rules (features/transfers/TransferPage.tsx), from the contract, and a free-text memo. */
const formSchema = z.object({
  toUsername: receiverUsernameSchema,
  amount: typedAmount(),
  memo: text({}, { label: 'Memo' }).max(100, 'Memo must be at most 100 characters'),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const SAMPLE_REVIEW: FormOutput = { toUsername: 'sample-bob', amount: '25.5', memo: 'Sample' };

/** What the confirmation says when it is done: nothing was sent. */
export const SAMPLE_DONE = 'Sample only: nothing was sent and no money moved.';

/**
 * /form-layouts: real fields (react-hook-form with the contract's zod
 * schemas, the shared `fieldProps` and `AmountField`) and the real
 * confirmed-mutation flow (`useConfirmedMutation` + `ConfirmDialog`), whose
 * send does nothing: confirming closes the dialog and says it was a sample.
 */
export function FormLayoutsPage() {
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { toUsername: '', amount: '', memo: '' },
  });
  const flow = useConfirmedMutation<FormOutput, null>({
    send: () => Promise.resolve(null),
    successMessage: () => SAMPLE_DONE,
    onSuccess: () => form.reset(),
  });
  const review = form.handleSubmit((values) => flow.open(values));
  const pending = flow.pending;

  return (
    <>
      <Section
        title="A money form"
        description="Review checks each field with the contract's rules (press it with empty fields to see them); the errors and the helper texts are the fields' own."
      >
        <Box
          sx={{
            display: 'grid',
            gap: 6,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
            alignItems: 'start',
          }}
        >
          <Card>
            <CardHeader title="Send sample USDT" subheader={SAMPLE_DATA_LABEL} />
            <CardContent>
              <Box
                component="form"
                noValidate
                aria-label="Sample transfer"
                onSubmit={(event) => void review(event)}
                sx={{ display: 'grid', gap: 5 }}
              >
                <TextField
                  label="Receiver username"
                  autoComplete="off"
                  {...fieldProps(form, 'toUsername', 'The username of the member you are paying.')}
                />
                <AmountField
                  label="Amount"
                  unit="USDT"
                  {...fieldProps(form, 'amount', 'A decimal such as 125.50, more than 0.')}
                />
                <TextField
                  label="Memo"
                  multiline
                  minRows={2}
                  {...fieldProps(form, 'memo', 'Optional, up to 100 characters.')}
                />
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3 }}>
                  <SubmitButton>Review sample transfer</SubmitButton>
                  <Button variant="outlined" onClick={() => flow.open(SAMPLE_REVIEW)}>
                    Open the confirmation
                  </Button>
                </Box>
              </Box>
            </CardContent>
          </Card>
          <FieldStates />
        </Box>
      </Section>
      <ConfirmDialog title="Confirm the sample transfer" confirmLabel="Confirm sample" {...flow.dialog}>
        {pending && (
          <ConfirmSummary
            testId="sample-confirmation"
            note="A sample: confirming closes this dialog and moves nothing."
          >
            <ConfirmLine label="To">{pending.toUsername}</ConfirmLine>
            <ConfirmAmount label="Amount" value={pending.amount} unit="USDT" strong />
            {pending.memo && <ConfirmLine label="Memo">{pending.memo}</ConfirmLine>}
          </ConfirmSummary>
        )}
      </ConfirmDialog>
    </>
  );
}

/** The fields' states side by side; the error is the contract's own words for a mistyped amount. */
function FieldStates() {
  const [password, setPassword] = useState('sample-password');
  return (
    <Card>
      <CardHeader title="Field states" subheader={SAMPLE_DATA_LABEL} />
      <CardContent sx={{ display: 'grid', gap: 5 }}>
        <TextField label="Filled" defaultValue="sample-alice" helperText="A helper text says what to type." fullWidth />
        <AmountField
          label="In error"
          unit="USDT"
          defaultValue="1,000"
          error
          helperText={amountProblem('1,000')}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'field-in-error' } }}
        />
        <TextField label="Disabled" defaultValue="Cannot be changed" disabled fullWidth />
        <PasswordField
          label="Password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="off"
          helperText="The eye button shows what is typed."
          fullWidth
        />
      </CardContent>
    </Card>
  );
}
