import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { errorMessage } from '../api/errors';
import { BarChart, type BarChartProps } from './BarChart';
import { FilterBar } from './ListFilters';

/**
 * A card with a bar chart under its heading (the admin dashboard's last 30
 * days, Total income's income over time): the filters of its figures above
 * it, and why they could not be loaded in its place.
 */
export function ChartCard({
  title,
  subheader,
  filters,
  error,
  chart,
}: {
  title: string;
  subheader?: ReactNode;
  /** The filter controls, in a FilterBar; without them, no filter bar. */
  filters?: ReactNode;
  /** The figures' failed load, if it failed. */
  error?: unknown;
  /** The chart, once its figures are there. */
  chart: BarChartProps | undefined;
}) {
  return (
    <Card>
      <CardHeader title={title} subheader={subheader} />
      {filters && <FilterBar>{filters}</FilterBar>}
      <CardContent>
        {error ? <Alert severity="error">{errorMessage(error)}</Alert> : null}
        {chart && <BarChart {...chart} />}
      </CardContent>
    </Card>
  );
}
