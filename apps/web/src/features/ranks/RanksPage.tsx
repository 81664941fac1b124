import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { RANK_KIND_LABELS, type RankProgress } from '@portal/contract';
import { isSessionEnded } from '../../shared/api/errors';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { formatDate } from '../../shared/format';
import { useRankProgress } from './api';
import { RankChip } from './RankChip';
import { RankProgressCard } from './RankProgressCard';

type Step = RankProgress['ladder'][number];

const COLUMNS: Column<Step>[] = [
  { id: 'rank', label: 'Rank', render: (r) => <RankChip rank={r} /> },
  { id: 'kind', label: 'Kept', render: (r) => RANK_KIND_LABELS[r.kind] },
  { id: 'bonus', label: 'One-time bonus', align: 'right', render: (r) => <Money value={r.bonus} unit="USDT" /> },
  {
    id: 'reached',
    label: 'You reached it',
    render: (r) => (r.reachedOn ? formatDate(`${r.reachedOn}T00:00:00Z`, { timeZone: 'UTC' }) : 'Not yet'),
  },
];

/** /ranks: how ranks work, the ladder, and the member's progress to the next rank. */
export function RanksPage() {
  const progress = useRankProgress();
  const error = progress.isError && !isSessionEnded(progress.error) ? progress.error : undefined;
  return (
    <Grid container spacing={6}>
      <Grid size={{ xs: 12, md: 6 }}>
        <RankProgressCard progress={progress.data} loading={progress.isPending} error={error} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card sx={{ height: '100%' }}>
          <CardHeader title="How ranks work" />
          <CardContent>
            <Typography variant="body2" component="div">
              <p>
                Ranks are checked at every daily close. You reach a rank when you meet every requirement it sets: your
                own package, the active members you sponsored, the BV of your weaker leg, and the ranks of the members
                you sponsored.
              </p>
              <p>
                Reaching a rank pays its one-time bonus into your income wallet, once: never again for the same rank. A
                lifetime rank stays yours. A period rank is held while you meet it this month (its BV is what your
                closes matched this month); if you lose it and reach it again, no second bonus is paid.
              </p>
            </Typography>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={12}>
        <Card>
          <CardHeader title="The ranks" subheader="Lowest first." />
          <DataTable
            stackOnPhone
            label="Ranks"
            columns={COLUMNS}
            rows={progress.data?.ladder}
            total={progress.data?.ladder.length}
            rowKey={(r) => r.id}
            page={1}
            pageSize={100}
            onPage={() => undefined}
            onPageSize={() => undefined}
            hidePagination
            loading={progress.isPending}
            error={error}
            onRetry={() => void progress.refetch()}
            empty="The company has not defined any ranks yet."
          />
        </Card>
      </Grid>
    </Grid>
  );
}
