import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * A money input: text, never a number input (which would turn "10.50" into
 * a float), a decimal keypad on phones, the unit at the end.
 */
export function AmountField({ unit, slotProps, ...rest }: TextFieldProps & { unit: string }) {
  return (
    <TextField
      {...rest}
      autoComplete="off"
      slotProps={{
        ...slotProps,
        htmlInput: { inputMode: 'decimal', spellCheck: false, ...(slotProps?.htmlInput as object) },
        input: {
          endAdornment: <InputAdornment position="end">{unit}</InputAdornment>,
          ...(slotProps?.input as object),
        },
      }}
    />
  );
}
