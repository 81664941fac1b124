import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CallMadeOutlined from '@mui/icons-material/CallMadeOutlined';
import CallReceivedOutlined from '@mui/icons-material/CallReceivedOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import type { ReactNode } from 'react';
import { StatusChip, type StatusColor } from '../../shared/components/StatusChip';
import { TonalAvatar } from '../../shared/components/TonalAvatar';
import { formatBV, formatCount, formatMoney } from '../../shared/format';
import { usePlacementTree } from '../network/api';
import { useIncomeSummary, usePlanStatus } from '../packages/api';

const ALL_TIME = { period: 'month' };

/**
 * The dashboard's plan section: total bonus income, the current package and
 * what the next close would pay on today's legs, and each leg's team and
 * volume carried toward that close — every figure from the API (income
 * summary, plan status, the member's own tree node).
 */
export function PlanOverview() {
  const income = useIncomeSummary(ALL_TIME);
  const status = usePlanStatus();
  // Not placed yet is a state the card says, not a request that fails (issue 15, point 10).
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
              {status.data.nextClose && (
                <Box data-testid="next-close" sx={{ mt: 1 }}>
                  Next close: +{formatMoney(status.data.nextClose.bonus)} USDT
                  {status.data.nextClose.flushed !== '0.00' && ` (${formatMoney(status.data.nextClose.flushed)} over the cap)`}
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

function StatCard(props: { icon: ReactNode; color: StatusColor; label: string; value: ReactNode; note: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 3 }}>
      <Card sx={{ height: '100%' }}>
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
      </Card>
    </Grid>
  );
}
