import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { SubmitButton } from '../../shared/components/SubmitButton';

/**
 * The end of the sign-in and registration forms: the submit button, then the
 * way to the other page ("New to the portal? Create an account").
 */
export function AuthFooter({
  submitLabel,
  sending,
  question,
  to,
  linkText,
}: {
  submitLabel: ReactNode;
  sending: boolean;
  question: string;
  to: string;
  linkText: string;
}) {
  return (
    <>
      <SubmitButton fullWidth size="large" loading={sending}>
        {submitLabel}
      </SubmitButton>
      <Typography sx={{ textAlign: 'center' }} color="text.secondary">
        {question}{' '}
        <Link component={RouterLink} to={to}>
          {linkText}
        </Link>
      </Typography>
    </>
  );
}
