import {
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface InputFieldProps {
  label: string;
  name?: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  /** The input element (react-hook-form's `register` ref, see `fieldProps`). */
  inputRef?: Ref<HTMLInputElement>;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  endAdornment?: ReactNode;
  /** Attributes of the input element itself (inputMode, data-testid, maxLength). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
}

/**
 * An outlined text input that looks and is labelled like MUI's TextField,
 * built from its parts. TextField also carries the `select` mode, which
 * brings MUI's Select, Menu, Popover and Modal along (about 20 KB gzipped):
 * the sign-in pages use this one to stay light.
 */
export function InputField({
  label,
  helperText,
  error,
  fullWidth,
  disabled,
  endAdornment,
  htmlInput,
  inputRef,
  ...input
}: InputFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" fullWidth={fullWidth} error={error} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        inputRef={inputRef}
        endAdornment={endAdornment}
        inputProps={{ ...htmlInput, 'aria-describedby': helperId }}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
