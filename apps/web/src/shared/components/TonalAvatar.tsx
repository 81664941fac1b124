import Avatar, { type AvatarProps } from '@mui/material/Avatar';
import { alpha } from '@mui/material/styles';
import type { StatusColor } from './StatusChip';

/** An avatar in the tonal style: the colour at 16 % behind an icon or initials in the colour. */
export function TonalAvatar({ color = 'primary', sx, ...rest }: AvatarProps & { color?: StatusColor }) {
  return (
    <Avatar
      {...rest}
      sx={[
        (theme) => ({
          bgcolor: alpha(theme.palette[color].main, 0.16),
          color: theme.palette[color][theme.palette.mode === 'light' ? 'dark' : 'light'],
        }),
        // MUI's own pattern for merging sx (Array.isArray types the array as any[]).
        // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
