import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import CallMadeOutlined from '@mui/icons-material/CallMadeOutlined';
import CallReceivedOutlined from '@mui/icons-material/CallReceivedOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import { StatCard } from '../../shared/components/StatCard';
import { StatusChip } from '../../shared/components/StatusChip';
import { formatBV, formatCount, formatDateTime, formatMoney } from '../../shared/format';
import { usePlacementTree } from '../network/api';
import { useIncomeSummary, usePlanStatus } from '../packages/api';

const ALL_TIME = { period: 'month' };

/**
 * The dashboard's plan section: total bonus income, the current package and
 * what the next close would pay on today's legs, and each leg's team and
 * volume carried toward that close — every figure from the API (income
 * summary, plan status, the member's own tree node). A close being
 * reviewed before it pays is said as such: a state, not a failure.
 */
export function PlanOverview() {
  const income = useIncomeSummary(ALL_TIME);
  const status = usePlanStatus();
  // Not placed yet is a state the card says, not a request that fails.
  const notPlaced = status.data?.placed === false;
  const tree = usePlacementTree(undefined, 1, status.data?.placed === true);
  const me = tree.data?.root;

  return (
    <Grid container spacing={6} data-testid="plan-overview">
      <StatCard
        icon={<TrendingUpOutlined />}
        color="success"
        label="Total income"
        value={income.data && `${formatMoney(income.data.totals.total)} USDT`}
        note={
          income.data &&
          `Referral ${formatMoney(income.data.totals.referral)} · Matching ${formatMoney(income.data.totals.matching)}`
        }
      />
      <StatCard
        icon={<Inventory2Outlined />}
        color="primary"
        label="Package"
        value={status.data && (status.data.package?.name ?? 'None yet')}
        note={
          status.data && (
            <>
              <StatusChip
                status={status.data.active ? 'active' : 'inactive'}
                color={status.data.active ? 'success' : 'secondary'}
                label={status.data.active ? 'Active' : 'Not active'}
              />
              {status.data.closeInReview && (
                <Box data-testid="close-in-review" sx={{ mt: 1 }}>
                  {`The close of ${status.data.closeInReview.date} is being reviewed: its matching bonuses are credited once it is paid${status.data.closeInReview.payAfter ? `, by ${formatDateTime(status.data.closeInReview.payAfter)} at the latest` : ''}.`}
                </Box>
              )}
              {status.data.nextClose && (
                <Box data-testid="next-close" sx={{ mt: 1 }}>
                  Next close: +{formatMoney(status.data.nextClose.bonus)} USDT
                  {status.data.nextClose.flushed !== '0.00' &&
                    ` (${formatMoney(status.data.nextClose.flushed)} over the cap)`}
                </Box>
              )}
            </>
          )
        }
      />
      <StatCard
        icon={<CallReceivedOutlined />}
        color="info"
        label="Left team"
        value={notPlaced ? 'Not placed yet' : me && teamSize(me.leftCount)}
        note={status.data && `${formatBV(status.data.leftVolume)} BV carried`}
      />
      <StatCard
        icon={<CallMadeOutlined />}
        color="warning"
        label="Right team"
        value={notPlaced ? 'Not placed yet' : me && teamSize(me.rightCount)}
        note={status.data && `${formatBV(status.data.rightVolume)} BV carried`}
      />
    </Grid>
  );
}

const teamSize = (count: number) => `${formatCount(count)} ${count === 1 ? 'member' : 'members'}`;
