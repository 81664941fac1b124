import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import CallMadeOutlined from '@mui/icons-material/CallMadeOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import type { ReactNode } from 'react';
import type { WalletBalance } from '@portal/contract';
import { Money } from '../../shared/components/Money';
import { StatCard } from '../../shared/components/StatCard';
import { STATUS_COLORS, StatusChip } from '../../shared/components/StatusChip';
import { formatBV, formatCount, formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { BalanceCards } from '../wallet/BalanceCards';
import { Section } from './Section';

/** Sample balances, as decimal strings the way the API answers them. */
const SAMPLE_WALLETS: WalletBalance[] = [
  { wallet: 'deposit', label: 'Deposit wallet', unit: 'USDT', balance: '1234.565' },
  { wallet: 'income', label: 'Income wallet', unit: 'USDT', balance: '98765.4321' },
  { wallet: 'points', label: 'Point wallet', unit: 'POINT', balance: '250' },
];

const SAMPLE_MOMENT = '2026-01-02T03:04:00Z';

/** Each format with its sample input, rendered through the real formatter (`shared/format.ts`). */
const FORMATS: Array<{ what: string; input: string; output: ReactNode; testId: string }> = [
  {
    what: 'Money (USDT), half up to 2 decimals',
    input: 'formatMoney("1234.565", { unit: "USDT" })',
    output: formatMoney('1234.565', { unit: 'USDT' }),
    testId: 'format-money',
  },
  {
    what: 'Money with 18 decimals',
    input: 'formatMoney("100.000000000000000001", { unit: "USDT" })',
    output: formatMoney('100.000000000000000001', { unit: 'USDT' }),
    testId: 'format-money-18',
  },
  {
    what: 'A negative amount',
    input: 'formatMoney("-0.005", { unit: "USDT" })',
    output: formatMoney('-0.005', { unit: 'USDT' }),
    testId: 'format-money-negative',
  },
  {
    what: 'An amount in a table (Money: signed, the exact figure on hover)',
    input: '<Money value="2500.5" unit="USDT" signed />',
    output: <Money value="2500.5" unit="USDT" signed />,
    testId: 'format-money-component',
  },
  {
    what: 'Points',
    input: 'formatMoney("250", { unit: "points" })',
    output: formatMoney('250', { unit: 'points' }),
    testId: 'format-points',
  },
  { what: 'Business volume', input: 'formatBV("1234.50")', output: `${formatBV('1234.50')} BV`, testId: 'format-bv' },
  {
    what: 'A date',
    input: `formatDate("${SAMPLE_MOMENT}", { timeZone: "UTC" })`,
    output: formatDate(SAMPLE_MOMENT, { timeZone: 'UTC' }),
    testId: 'format-date',
  },
  {
    what: 'A date and time',
    input: `formatDateTime("${SAMPLE_MOMENT}", { timeZone: "UTC" })`,
    output: formatDateTime(SAMPLE_MOMENT, { timeZone: 'UTC' }),
    testId: 'format-datetime',
  },
  { what: 'A count', input: 'formatCount(12345)', output: formatCount(12345), testId: 'format-count' },
  { what: 'Not a decimal string', input: 'formatMoney("abc")', output: formatMoney('abc'), testId: 'format-missing' },
];

/** /cards: the real stat cards, status chips and formats, on sample values. */
export function CardsPage() {
  return (
    <>
      <Section
        title="Balance cards"
        description="The wallet page's cards (features/wallet/BalanceCards.tsx) with sample balances."
      >
        <BalanceCards wallets={SAMPLE_WALLETS} />
      </Section>
      <Section
        title="Stat cards"
        description="The dashboard's stat card (shared/components/StatCard.tsx) with sample figures."
      >
        <Grid container spacing={6}>
          <StatCard
            icon={<TrendingUpOutlined />}
            color="success"
            label="Total income"
            value={`${formatMoney('15234.5')} USDT`}
            note={`Referral ${formatMoney('5000')} · Matching ${formatMoney('10234.5')}`}
          />
          <StatCard
            icon={<Inventory2Outlined />}
            color="primary"
            label="Package"
            value="Sample Gold"
            note={<StatusChip status="active" />}
          />
          <StatCard
            icon={<CallMadeOutlined />}
            color="warning"
            label="Right team"
            value={`${formatCount(1284)} members`}
            note={`${formatBV('4321.5')} BV carried`}
          />
        </Grid>
      </Section>
      <Section
        title="Status chips"
        description="Every status word with its colour (shared/components/StatusChip.tsx); any other word is secondary."
      >
        <Card>
          <CardContent sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }} data-testid="status-chips">
            {[...Object.keys(STATUS_COLORS), 'inactive'].map((status) => (
              <StatusChip key={status} status={status} />
            ))}
          </CardContent>
        </Card>
      </Section>
      <Section title="Formats" description="Sample values through the shared formatters (shared/format.ts), in en-US.">
        <Card>
          <CardContent>
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 4 }}>
              {FORMATS.map((format) => (
                <Box
                  key={format.testId}
                  sx={{
                    display: 'grid',
                    gap: 1,
                    gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
                    borderBottom: 1,
                    borderColor: 'divider',
                    pb: 3,
                  }}
                >
                  <Box component="dt" sx={{ minWidth: 0 }}>
                    <Typography variant="body2">{format.what}</Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="code"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {format.input}
                    </Typography>
                  </Box>
                  <Typography
                    component="dd"
                    variant="h6"
                    data-testid={format.testId}
                    sx={{ m: 0, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}
                  >
                    {format.output}
                  </Typography>
                </Box>
              ))}
            </Box>
          </CardContent>
        </Card>
      </Section>
    </>
  );
}
