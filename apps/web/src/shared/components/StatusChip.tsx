import Chip, { type ChipProps } from '@mui/material/Chip';
import { statusWord } from '../vocabulary';

export type StatusColor = 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'error';

/** Status → colour (UI.md): pending warning, approved/paid success, rejected/failed error, seen info. */
export const STATUS_COLORS: Readonly<Record<string, StatusColor>> = {
  pending: 'warning',
  approved: 'success',
  paid: 'success',
  confirmed: 'success',
  active: 'success',
  rejected: 'error',
  failed: 'error',
  blocked: 'error',
  seen: 'info',
  admin: 'primary',
  member: 'secondary',
};

export function statusColor(status: string): StatusColor {
  return STATUS_COLORS[status.toLowerCase()] ?? 'secondary';
}

const capitalise = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

/** The word a chip shows for a status: the vocabulary's (shared/vocabulary.ts) where it defines one. */
export const statusLabel = (status: string): string => statusWord(status) ?? capitalise(status);

/** A tonal chip (the colour at 16 % behind text in the colour) for a status word. */
export function StatusChip({
  status,
  color,
  label,
  size = 'small',
  ...rest
}: { status: string; color?: StatusColor } & Omit<ChipProps, 'variant' | 'color'>) {
  return (
    <Chip
      variant="tonal"
      color={color ?? statusColor(status)}
      size={size}
      label={label ?? statusLabel(status)}
      {...rest}
    />
  );
}
