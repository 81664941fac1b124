import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import CallMadeOutlined from '@mui/icons-material/CallMadeOutlined';
import CallReceivedOutlined from '@mui/icons-material/CallReceivedOutlined';
import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import type { MemberDashboard } from '@portal/contract';
import { StatCard } from '../../shared/components/StatCard';
import { formatBV, formatDateTime, formatMoney } from '../../shared/format';
import { plural } from '../../shared/words';
import { weakerLegSentence } from './weaker-leg';

/**
 * The dashboard's plan row: what the next close would pay on the legs as
 * they stand (with what the weaker leg needs, in a sentence, up to the daily
 * cap), each leg's team and the volume it carries, and the members the member
 * sponsored; each card opens the page behind it. A close being reviewed
 * before it pays is said as such: a state, not a failure.
 */
export function PlanOverview({ data }: { data: MemberDashboard | undefined }) {
  const plan = data?.plan;
  const notPlaced = plan?.placed === false;
  const teams = data?.teams;
  const needs = plan ? weakerLegSentence(plan) : null;
  return (
    <Grid container spacing={6} data-testid="plan-overview">
      <StatCard
        icon={<TrendingUpOutlined />}
        color="success"
        label="Matching at the next close"
        to="/matching-bonus"
        value={
          plan &&
          (plan.nextClose
            ? `${formatMoney(plan.nextClose.bonus)} USDT`
            : notPlaced
              ? 'Not placed yet'
              : plan.active
                ? '0.00 USDT'
                : 'Not active')
        }
        note={
          plan && (
            <>
              {plan.closeInReview && (
                <Box component="span" data-testid="close-in-review" sx={{ display: 'block', mb: 1 }}>
                  {`The close of ${plan.closeInReview.date} is being reviewed: its matching bonuses are credited once it is paid${plan.closeInReview.payAfter ? `, by ${formatDateTime(plan.closeInReview.payAfter)} at the latest` : ''}.`}
                </Box>
              )}
              {plan.nextClose ? (
                <Box component="span" data-testid="next-close">
                  Next close: +{formatMoney(plan.nextClose.bonus)} USDT
                  {plan.nextClose.flushed !== '0.00' && ` (${formatMoney(plan.nextClose.flushed)} over the cap)`}
                </Box>
              ) : plan.active ? (
                'Matched once you are placed with volume on both legs'
              ) : (
                'Only active members are matched: buy a package'
              )}
              {needs && (
                <Box component="span" data-testid="weaker-leg-needs" sx={{ display: 'block', mt: 1 }}>
                  {needs}
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
        to="/member-network"
        value={plan && (notPlaced ? 'Not placed yet' : teams && teamSize(teams.left))}
        note={plan && `${formatBV(plan.leftVolume)} BV carried`}
      />
      <StatCard
        icon={<CallMadeOutlined />}
        color="warning"
        label="Right team"
        to="/member-network"
        value={plan && (notPlaced ? 'Not placed yet' : teams && teamSize(teams.right))}
        note={plan && `${formatBV(plan.rightVolume)} BV carried`}
      />
      <StatCard
        icon={<GroupAddOutlined />}
        color="primary"
        label="Direct referrals"
        to="/sponsor-tree"
        value={data && teamSize(data.directReferrals)}
        note="Members who joined with your link"
      />
    </Grid>
  );
}

const teamSize = (count: number) => plural(count, 'member');
