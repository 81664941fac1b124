import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatMoney } from '../../shared/format';

export interface BarSeries {
  label: string;
  /** Decimal strings, one per period: heights are computed in bigint, never as floats of money. */
  values: string[];
  color: string;
}

const SCALE = 10n ** 18n;
const units = (value: string): bigint => {
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  return BigInt(whole) * SCALE + BigInt((fraction + '0'.repeat(18)).slice(0, 18));
};

/** A small stacked bar chart in SVG: one bar per period, series stacked. */
export function BarChart({ periods, series, label }: { periods: string[]; series: BarSeries[]; label: string }) {
  const theme = useTheme();
  const totals = periods.map((_, i) => series.reduce((sum, s) => sum + units(s.values[i] ?? '0'), 0n));
  const max = totals.reduce((m, t) => (t > m ? t : m), 0n);
  if (periods.length === 0 || max === 0n) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        Nothing to chart yet.
      </Typography>
    );
  }
  const height = 160;
  const barWidth = 28;
  const gap = 12;
  const width = periods.length * (barWidth + gap) + gap;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <svg role="img" aria-label={label} width={Math.max(width, 240)} height={height + 40}>
        {periods.map((period, i) => {
          let y = height;
          return (
            <g key={period}>
              <title>{`${period}: ${series.map((s) => `${s.label} ${formatMoney(s.values[i])}`).join(', ')}`}</title>
              {series.map((s) => {
                const h = Number((units(s.values[i] ?? '0') * BigInt(height)) / max);
                y -= h;
                return <rect key={s.label} x={gap + i * (barWidth + gap)} y={y} width={barWidth} height={h} rx={3} fill={s.color} />;
              })}
              <text x={gap + i * (barWidth + gap) + barWidth / 2} y={height + 16} fontSize={10} textAnchor="middle" fill={theme.palette.text.secondary}>
                {period.length > 7 ? period.slice(5) : period}
              </text>
            </g>
          );
        })}
      </svg>
      <Box sx={{ display: 'flex', gap: 4, mt: 1 }}>
        {series.map((s) => (
          <Typography key={s.label} variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box component="span" sx={{ width: 10, height: 10, borderRadius: '2px', bgcolor: s.color, display: 'inline-block' }} />
            {s.label}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
