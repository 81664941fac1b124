import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** A dashboard's full-width warning with a link to the page where the admin acts on it. */
export function PageAlert({
  to,
  label,
  testId,
  children,
}: {
  to: string;
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Grid size={12}>
      <Alert
        severity="warning"
        action={
          <Link component={RouterLink} to={to}>
            {label}
          </Link>
        }
        data-testid={testId}
      >
        {children}
      </Alert>
    </Grid>
  );
}
