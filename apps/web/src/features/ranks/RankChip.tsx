import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { RankBadge } from '@portal/contract';

/**
 * A rank as the portal shows it everywhere (dashboard, tree nodes, lists):
 * its name beside a dot of its colour. The name is the text, so the colour
 * an admin picks never decides whether it can be read.
 */
export function RankChip({ rank, size = 'small' }: { rank: NonNullable<RankBadge>; size?: 'small' | 'medium' }) {
  return (
    <Chip
      size={size}
      variant="outlined"
      label={rank.name}
      data-testid="rank-chip"
      icon={
        <Box
          component="span"
          aria-hidden="true"
          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: rank.colour, ml: '8px !important' }}
        />
      }
    />
  );
}

/** The same in a line of small text, where a chip is too tall (a tree node). */
export function RankText({ rank }: { rank: NonNullable<RankBadge> }) {
  return (
    <Box
      component="span"
      data-testid="rank-text"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, typography: 'caption', maxWidth: '100%' }}
    >
      <Box
        component="span"
        aria-hidden="true"
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: rank.colour, flexShrink: 0 }}
      />
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {rank.name}
      </Box>
    </Box>
  );
}
