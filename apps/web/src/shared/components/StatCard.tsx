import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import type { StatusColor } from './StatusChip';
import { TonalAvatar } from './TonalAvatar';

/**
 * A figure with its icon, label and a note, as a grid item of a stat row (the
 * dashboard's plan overview). Shared so that the style guide
 * (`features/style-guide/CardsPage.tsx`) shows this very card; a skeleton
 * while `value` is not there yet.
 */
export function StatCard(props: {
  icon: ReactNode;
  color: StatusColor;
  label: string;
  value: ReactNode;
  note: ReactNode;
  /** The page behind the figure: the whole card links to it. */
  to?: string;
}) {
  const content = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 4 }}>
      <TonalAvatar variant="rounded" color={props.color} sx={{ width: 48, height: 48 }}>
        {props.icon}
      </TonalAvatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          {props.label}
        </Typography>
        {props.value ? (
          <Typography variant="h5" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {props.value}
          </Typography>
        ) : (
          <Skeleton variant="text" width={120} height={32} />
        )}
        <Typography variant="caption" color="text.secondary" component="div">
          {props.note}
        </Typography>
      </Box>
    </CardContent>
  );
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Card sx={{ height: '100%' }}>
        {props.to ? (
          <CardActionArea component={Link} to={props.to} sx={{ height: '100%' }}>
            {content}
          </CardActionArea>
        ) : (
          content
        )}
      </Card>
    </Grid>
  );
}
