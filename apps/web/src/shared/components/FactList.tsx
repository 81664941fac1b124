import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

export type Fact = [label: string, value: ReactNode];

/**
 * Label/value pairs as a definition list in a responsive grid (one column on
 * a phone, more on wider screens): the facts of an account, a member, a node.
 */
export function FactList({
  facts,
  columns = { xs: 1, sm: 2, lg: 3 },
  sx,
}: {
  facts: Fact[];
  /** Columns per breakpoint. */
  columns?: Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl', number>>;
  sx?: SxProps<Theme>;
}) {
  const gridTemplateColumns = Object.fromEntries(
    Object.entries(columns).map(([breakpoint, count]) => [
      breakpoint,
      count === 1 ? '1fr' : `repeat(${count}, minmax(0, 1fr))`,
    ]),
  );
  // eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- MUI's own pattern for merging sx; Array.isArray types the array as any[]
  const merged = [{ display: 'grid', gridTemplateColumns, gap: 5, m: 0 }, ...(Array.isArray(sx) ? sx : [sx])];
  return (
    <Box component="dl" sx={merged}>
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
