import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsAxisHighlight } from '@mui/x-charts/ChartsAxisHighlight';
import { ChartsDataProvider } from '@mui/x-charts/ChartsDataProvider';
import { ChartsGrid } from '@mui/x-charts/ChartsGrid';
import { ChartsLegend } from '@mui/x-charts/ChartsLegend';
import { ChartsSurface } from '@mui/x-charts/ChartsSurface';
import { ChartsTooltip } from '@mui/x-charts/ChartsTooltip';
import { ChartsWrapper } from '@mui/x-charts/ChartsWrapper';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import { LinePlot, MarkPlot } from '@mui/x-charts/LineChart';
import { formatMoney } from '../format';
import type { BarSeries, LineSeries } from './BarChart';

/**
 * Bars side by side (never stacked: sales and bonuses are not parts of one
 * whole) on the left axis, and a line of percentages on the right axis, by
 * period (MUI X Charts' composition). BarChart.tsx wraps it with its title,
 * description and table; the tooltip shows the API's decimal strings.
 */
export function ComposedChart(props: {
  periods: string[];
  bars: BarSeries[];
  line: LineSeries;
  unit: string;
  axisFormat: (value: number) => string;
  periodLabel: (period: string) => string;
}) {
  const { periods, bars, line, unit } = props;
  return (
    <ChartsDataProvider
      height={300}
      xAxis={[{ id: 'periods', scaleType: 'band', data: periods, valueFormatter: props.periodLabel }]}
      yAxis={[
        { id: 'amounts', width: 56, valueFormatter: props.axisFormat },
        { id: 'ratio', position: 'right', width: 48, min: 0, valueFormatter: (v: number) => `${v}%` },
      ]}
      series={[
        ...bars.map((s) => ({
          type: 'bar' as const,
          label: s.label,
          color: s.color,
          yAxisId: 'amounts',
          data: s.values.map(Number),
          valueFormatter: (_value: number | null, { dataIndex }: { dataIndex: number }) =>
            `${formatMoney(s.values[dataIndex])} ${unit}`,
        })),
        {
          type: 'line' as const,
          label: line.label,
          color: line.color,
          yAxisId: 'ratio',
          data: line.values.map((v) => (v === null ? null : Number(v))),
          valueFormatter: (_value: number | null, { dataIndex }: { dataIndex: number }) => {
            const v = line.values[dataIndex];
            return v === null || v === undefined ? 'No sales' : `${v}%`;
          },
        },
      ]}
    >
      <ChartsWrapper legendPosition={{ vertical: 'bottom', horizontal: 'center' }} legendDirection="horizontal">
        <ChartsLegend direction="horizontal" />
        <ChartsSurface>
          <ChartsGrid horizontal />
          <BarPlot />
          <LinePlot />
          <MarkPlot />
          <ChartsXAxis axisId="periods" />
          <ChartsYAxis axisId="amounts" />
          <ChartsYAxis axisId="ratio" />
          <ChartsAxisHighlight x="band" />
        </ChartsSurface>
        <ChartsTooltip />
      </ChartsWrapper>
    </ChartsDataProvider>
  );
}
