import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RankProgress, RankRequirementProgress } from '@portal/contract';
import { Link } from 'react-router';
import { Money } from '../../shared/components/Money';
import { formatBV, formatCount, formatDate } from '../../shared/format';
import { errorMessage, isSessionEnded } from '../../shared/api/errors';
import { useRankProgress } from './api';
import { RankChip } from './RankChip';

/** How far a requirement is, 0–100, for the bar; a package is met or not. */
export function requirementPercent(r: RankRequirementProgress): number {
  if (r.met) return 100;
  const needed = Number(r.needed);
  const has = Number(r.has);
  if (!Number.isFinite(needed) || !Number.isFinite(has) || needed <= 0) return 0;
  return Math.min(100, Math.floor((has / needed) * 100));
}

/** A requirement's figure formatted: BV as BV, a count as a count, a package's name as it is. */
function figure(r: RankRequirementProgress, value: string): string {
  if (r.key === 'weakerLegBv') return formatBV(value);
  if (r.key === 'package') return value;
  return formatCount(Number(value));
}

/**
 * A requirement in a sentence: "5,100 of 1,000 BV: met", "200 of 1,000 BV:
 * 800 BV to go", "1 of 4: 3 to go", "A Silver package or a dearer one: you
 * have Starter".
 */
export function requirementText(r: RankRequirementProgress): string {
  if (r.key === 'package') {
    const asked = `${/^[aeiou]/i.test(r.needed) ? 'An' : 'A'} ${r.needed} package or a dearer one`;
    const yours = r.has ? `you have ${r.has}` : 'you have none yet';
    return r.met ? `${asked}: met (${yours})` : `${asked}: ${yours}`;
  }
  const unit = r.key === 'weakerLegBv' ? ' BV' : '';
  const ofNeeded = `${figure(r, r.has)} of ${figure(r, r.needed)}${unit}`;
  return r.met || r.missing === null ? `${ofNeeded}: met` : `${ofNeeded}: ${figure(r, r.missing)}${unit} to go`;
}

/** One requirement: what it asks, what the member has, what is missing. */
function Requirement({ r }: { r: RankRequirementProgress }) {
  return (
    <div data-testid={`rank-requirement-${r.key}`}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="body2">{r.label}</Typography>
        <Typography variant="body2" color={r.met ? 'success.main' : 'text.secondary'}>
          {requirementText(r)}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={requirementPercent(r)}
        color={r.met ? 'success' : 'primary'}
        aria-label={`${r.label}: ${r.met || r.missing === null ? 'met' : `${figure(r, r.missing)} missing`}`}
        sx={{ mt: 1, height: 6, borderRadius: 3 }}
      />
    </div>
  );
}

/** The rank card's body, from the member's progress (`GET /api/ranks/progress`). */
export function RankProgressBody({ progress }: { progress: RankProgress }) {
  const { current, next } = progress;
  return (
    <Stack spacing={3}>
      {current ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <RankChip rank={current} size="medium" />
          {progress.since && (
            <Typography variant="body2" color="text.secondary">
              since {formatDate(`${progress.since}T00:00:00Z`, { timeZone: 'UTC' })}
            </Typography>
          )}
        </Stack>
      ) : (
        <Typography variant="body2" data-testid="rank-none">
          {progress.ladder.length === 0
            ? 'The company has not defined any ranks yet.'
            : 'No rank yet. Ranks are reached at the daily close once you meet every requirement of one; each pays a one-time bonus.'}
        </Typography>
      )}
      {next ? (
        <>
          <Typography variant="subtitle2">
            Next: {next.name}
            {next.bonus !== '0.00' && (
              <>
                {' '}
                (bonus <Money value={next.bonus} unit="USDT" />)
              </>
            )}
          </Typography>
          {next.requirements.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No requirement: it is reached at the next evaluation.
            </Typography>
          ) : (
            next.requirements.map((r) => <Requirement key={r.key} r={r} />)
          )}
        </>
      ) : (
        current && (
          <Typography variant="body2" color="text.secondary">
            You hold the highest rank.
          </Typography>
        )
      )}
    </Stack>
  );
}

/** The dashboard's rank card: the member's rank and what the next one still needs, in numbers. */
export function RankProgressCard({
  progress,
  loading,
  error,
}: {
  progress: RankProgress | undefined;
  loading: boolean;
  error?: unknown;
}) {
  return (
    <Card sx={{ height: '100%' }} data-testid="rank-card">
      <CardHeader
        title="Your rank"
        action={
          <Button component={Link} to="/ranks" size="small">
            How ranks work
          </Button>
        }
      />
      <CardContent>
        {error !== undefined ? (
          <Alert severity="error">{errorMessage(error, 'Your rank could not be loaded.')}</Alert>
        ) : loading || !progress ? (
          <Skeleton variant="rounded" height={96} />
        ) : (
          <RankProgressBody progress={progress} />
        )}
      </CardContent>
    </Card>
  );
}

/** The card with its own request (`GET /api/ranks/progress`), as the dashboard places it. */
export function RankCard() {
  const progress = useRankProgress();
  const error = progress.isError && !isSessionEnded(progress.error) ? progress.error : undefined;
  return <RankProgressCard progress={progress.data} loading={progress.isPending} error={error} />;
}
