import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  /** While true the button is disabled and shows a spinner. */
  loading?: boolean;
}

/** A form's submit button: disabled with a spinner while the request is out. */
export function SubmitButton({
  loading = false,
  disabled,
  children,
  startIcon,
  variant = 'contained',
  ...rest
}: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      variant={variant}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      startIcon={loading ? <CircularProgress size={18} color="inherit" aria-hidden="true" /> : startIcon}
      {...rest}
    >
      {children}
    </Button>
  );
}
