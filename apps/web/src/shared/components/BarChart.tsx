import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart as MuiBarChart } from '@mui/x-charts/BarChart';
import { formatCompact, formatMoney, formatPeriod } from '../format';
import { plural } from '../words';
import { visuallyHidden } from '../visually-hidden';
import { ComposedChart } from './ComposedChart';

export interface BarSeries {
  label: string;
  /** Decimal strings, one per period, as the API sent them. */
  values: string[];
  color: string;
}

/** A line of percentages (decimal strings, null where there is nothing to divide by) on its own right-hand axis. */
export interface LineSeries {
  label: string;
  values: Array<string | null>;
  color: string;
}

export interface BarChartProps {
  periods: string[];
  series: BarSeries[];
  label: string;
  unit?: string;
  /** With a line, the bars stand side by side (ComposedChart.tsx); without, they are stacked. */
  line?: LineSeries;
}

/**
 * Stacked bars by period (MUI X Charts), or bars side by side with a line of
 * percentages (`line`, ComposedChart.tsx): axes, a tooltip
 * per period, the theme's colours in light and dark, a title and description
 * for assistive technology, and the same figures as a table on demand.
 * Amounts stay decimal strings everywhere they are read (tooltip, axis,
 * table); only the bar heights are drawn from a float of them.
 */
export function BarChart({ periods, series, label, unit = 'USDT', line }: BarChartProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const descriptionId = useId();
  const empty = periods.length === 0 || series.every((s) => s.values.every((v) => /^-?0*(\.0*)?$/.test(v)));
  if (empty) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        Nothing to chart yet.
      </Typography>
    );
  }
  const description = `${series.map((s) => s.label).join(' and ')} in ${unit}, ${line ? `side by side, with ${line.label} in percent as a line,` : 'stacked,'} for ${plural(periods.length, 'period')} from ${formatPeriod(periods[0]!)} to ${formatPeriod(periods[periods.length - 1]!)}.`;
  return (
    // The figure is named and described here (the chart's own title lands on a role="none" element, where it names nothing).
    <Box component="figure" sx={{ m: 0 }} aria-label={label} aria-describedby={descriptionId}>
      <Box component="span" id={descriptionId} sx={visuallyHidden}>
        {description}
      </Box>
      {line ? (
        <ComposedChart
          periods={periods}
          bars={series}
          line={line}
          unit={unit}
          axisFormat={formatCompact}
          periodLabel={formatPeriod}
        />
      ) : (
        <MuiBarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: periods, valueFormatter: (period: string) => formatPeriod(period) }]}
          yAxis={[{ valueFormatter: (value: number) => formatCompact(value), width: 56 }]}
          series={series.map((s) => ({
            label: s.label,
            stack: 'total',
            color: s.color,
            data: s.values.map(Number),
            // The tooltip shows the API's figure, not the float the bar was drawn from.
            valueFormatter: (_value: number | null, { dataIndex }: { dataIndex: number }) =>
              `${formatMoney(s.values[dataIndex])} ${unit}`,
          }))}
          grid={{ horizontal: true }}
          slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
        />
      )}
      <Box component="figcaption" sx={{ mt: 1 }}>
        <Button size="small" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable(!showTable)}>
          {showTable ? 'Hide the figures' : 'Show the figures as a table'}
        </Button>
      </Box>
      <Collapse in={showTable} id={tableId} unmountOnExit>
        <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={`${label}, figures`}>
          <Table size="small" aria-label={`${label}, figures`}>
            <TableHead>
              <TableRow>
                <TableCell>Period</TableCell>
                {series.map((s) => (
                  <TableCell key={s.label} align="right">{`${s.label} (${unit})`}</TableCell>
                ))}
                {line && <TableCell align="right">{`${line.label} (%)`}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {periods.map((period, i) => (
                <TableRow key={period}>
                  <TableCell>{period}</TableCell>
                  {series.map((s) => (
                    <TableCell key={s.label} align="right">
                      {formatMoney(s.values[i])}
                    </TableCell>
                  ))}
                  {line && <TableCell align="right">{line.values[i] ?? '—'}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Collapse>
    </Box>
  );
}
