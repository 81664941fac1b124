import Typography, { type TypographyProps } from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import { formatGas, formatMoney, formatPoints } from '../format';

/**
 * An amount from the API (a decimal string) shown with 2 decimals (BNB: up to 6), en-US;
 * the exact figure, to the 18th decimal, in a tooltip. Never a JS number.
 */
export function Money({
  value,
  unit,
  signed = false,
  ...rest
}: { value: string | null | undefined; unit?: string; signed?: boolean } & Omit<TypographyProps, 'children'>) {
  // Gas keeps its small decimals (formatGas), points are formatPoints; every other unit shows 2.
  const shown =
    unit === 'BNB' ? formatGas(value) : unit === 'points' ? formatPoints(value) : formatMoney(value, { unit });
  const positive = signed && typeof value === 'string' && !value.startsWith('-') && !/^0(\.0*)?$/.test(value);
  const text = positive ? `+${shown}` : shown;
  const color = signed ? (value?.startsWith('-') ? 'error.main' : positive ? 'success.main' : undefined) : undefined;
  return (
    <Tooltip title={value ? `${value}${unit ? ` ${unit}` : ''}` : ''} placement="top" disableInteractive>
      <Typography
        component="span"
        variant="inherit"
        sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color }}
        {...rest}
      >
        {text}
      </Typography>
    </Tooltip>
  );
}
