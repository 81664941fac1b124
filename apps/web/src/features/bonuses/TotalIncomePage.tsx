import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { ChartCard } from '../../shared/components/ChartCard';
import { DateFilter } from '../../shared/components/ListFilters';
import { Money } from '../../shared/components/Money';
import { useIncomeSummary } from '../packages/api';
import { StatementCard } from '../statements/StatementCard';

/** /total-income: bonus income by type and period, with a chart. */
export function TotalIncomePage() {
  const theme = useTheme();
  const [period, setPeriod] = useState<'day' | 'month'>('day');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query: Record<string, string> = { period, ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const summary = useIncomeSummary(query);
  const data = summary.data;
  const cards = [
    { label: 'Referral bonus', value: data?.totals.referral, id: 'referral' },
    { label: 'Matching bonus', value: data?.totals.matching, id: 'matching' },
    { label: 'Rank bonus', value: data?.totals.rank, id: 'rank' },
    { label: 'Total income', value: data?.totals.total, id: 'total' },
  ];
  return (
    <Grid container spacing={6}>
      {cards.map((c) => (
        <Grid key={c.id} size={{ xs: 12, sm: 6, md: 3 }}>
          <Card>
            <CardContent>
              <Typography variant="body2" color="text.secondary">
                {c.label}
              </Typography>
              <Typography variant="h4" component="p" data-testid={`income-${c.id}`}>
                {data ? <Money value={c.value} unit="USDT" /> : '—'}
              </Typography>
            </CardContent>
          </Card>
        </Grid>
      ))}
      <Grid size={12}>
        <ChartCard
          title="Income over time"
          subheader="Bonuses credited to your income wallet."
          filters={
            <>
              <TextField
                select
                size="small"
                label="Period"
                value={period}
                onChange={(e) => setPeriod(e.target.value as 'day' | 'month')}
              >
                <MenuItem value="day">By day</MenuItem>
                <MenuItem value="month">By month</MenuItem>
              </TextField>
              <DateFilter label="From" value={from} onChange={setFrom} />
              <DateFilter label="To" value={to} onChange={setTo} />
            </>
          }
          error={summary.isError ? summary.error : undefined}
          chart={
            data && {
              label: 'Income by period',
              periods: data.series.map((s) => s.period),
              series: [
                { label: 'Referral', values: data.series.map((s) => s.referral), color: theme.palette.primary.main },
                { label: 'Matching', values: data.series.map((s) => s.matching), color: theme.palette.info.main },
                { label: 'Rank', values: data.series.map((s) => s.rank), color: theme.palette.secondary.main },
              ],
            }
          }
        />
      </Grid>
      <Grid size={12}>
        <StatementCard />
      </Grid>
    </Grid>
  );
}
