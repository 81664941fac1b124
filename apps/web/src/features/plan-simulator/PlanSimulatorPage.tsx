import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PercentOutlined from '@mui/icons-material/PercentOutlined';
import WaterDropOutlined from '@mui/icons-material/WaterDropOutlined';
import {
  capSchema,
  dayFilterSchema,
  fromBaseUnits,
  payoutRatio,
  proposedSettingsSchema,
  rankBonusSchema,
  SIMULATION_MAX_DAYS,
  SIMULATION_MAX_LEVELS,
  SIMULATION_MIN_DAYS,
  startSimulationSchema,
  toBaseUnits,
  type Simulation,
  type SimulationDefaults,
  type SimulationResult,
} from '@portal/contract';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../shared/api/errors';
import { ChartCard } from '../../shared/components/ChartCard';
import { DataTable, type Column } from '../../shared/components/DataTable';
import { Money } from '../../shared/components/Money';
import { StatCard } from '../../shared/components/StatCard';
import { StatusChip, type StatusColor } from '../../shared/components/StatusChip';
import { SubmitButton } from '../../shared/components/SubmitButton';
import { formatCount, formatDateTime, formatMoney } from '../../shared/format';
import { applyServerFieldError, fieldProps } from '../../shared/forms';
import { useToast } from '../../shared/toast';
import { useCancelSimulation, useSimulation, useSimulationDefaults, useSimulations, useStartSimulation } from './api';

const STATUS: Record<Simulation['status'], { label: string; color: StatusColor }> = {
  running: { label: 'Running', color: 'info' },
  done: { label: 'Done', color: 'success' },
  failed: { label: 'Failed', color: 'error' },
  cancelled: { label: 'Cancelled', color: 'warning' },
};

const daysMessage = `Days must be a whole number from ${SIMULATION_MIN_DAYS} to ${SIMULATION_MAX_DAYS}`;
/** The form as typed (strings); the contract's schemas check each field, the API checks the whole again. */
const formSchema = z.object({
  from: dayFilterSchema,
  days: z
    .string()
    .regex(/^\d{1,3}$/, daysMessage)
    .transform(Number)
    .pipe(startSimulationSchema.shape.days),
  referral: z
    .array(z.object({ percent: proposedSettingsSchema.shape.referralPercents.element }))
    .min(1)
    .max(SIMULATION_MAX_LEVELS),
  matchingPercent: proposedSettingsSchema.shape.matchingPercent,
  caps: z.array(z.object({ packageId: z.number(), name: z.string(), dailyCap: capSchema })),
  ranks: z.array(z.object({ rankId: z.number(), name: z.string(), bonus: rankBonusSchema })),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const utcDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
/** Whole units read better in the form: "100.00" → "100". */
const plain = (value: string) => value.replace(/\.?0+$/, '');

/** The packages' and the ranks' names by id (a run's settings name them by id). */
interface Names {
  packages: Map<number, string>;
  ranks: Map<number, string>;
}
const namesOf = (defaults: SimulationDefaults | undefined): Names => ({
  packages: new Map((defaults?.packages ?? []).map((p) => [p.id, p.name])),
  ranks: new Map((defaults?.ranks ?? []).map((r) => [r.id, r.name])),
});

function formValues(defaults: SimulationDefaults): FormInput {
  const names = namesOf(defaults);
  return {
    from: utcDaysAgo(29),
    days: '30',
    referral: defaults.settings.referralPercents.map((percent) => ({ percent })),
    matchingPercent: defaults.settings.matchingPercent,
    caps: defaults.settings.packageCaps.map((c) => ({
      packageId: c.packageId,
      name: names.packages.get(c.packageId) ?? `#${c.packageId}`,
      dailyCap: plain(c.dailyCap),
    })),
    ranks: defaults.settings.rankBonuses.map((r) => ({
      rankId: r.rankId,
      name: names.ranks.get(r.rankId) ?? `#${r.rankId}`,
      bonus: plain(r.bonus),
    })),
  };
}

const percentAdornment = { input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } };
const usdtAdornment = { endAdornment: <InputAdornment position="end">USDT</InputAdornment> };

/** The proposed settings and the period: prefilled from the settings in force, the last 30 days ending today. */
function SimulationForm({ defaults, onStarted }: { defaults: SimulationDefaults; onStarted: (id: number) => void }) {
  const toast = useToast();
  const start = useStartSimulation();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: formValues(defaults),
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const run = await start.mutateAsync({
        from: values.from,
        days: values.days,
        settings: {
          referralPercents: values.referral.map((l) => l.percent),
          matchingPercent: values.matchingPercent,
          packageCaps: values.caps.map((c) => ({ packageId: c.packageId, dailyCap: c.dailyCap })),
          rankBonuses: values.ranks.map((r) => ({ rankId: r.rankId, bonus: r.bonus })),
        },
      });
      onStarted(run.id);
    } catch (error) {
      if (!applyServerFieldError(error, form.setError, ['from', 'days'])) toast.error(errorMessage(error));
    }
  });
  return (
    <Card>
      <CardHeader
        title="Simulate the plan"
        subheader="Replay a past period's purchases and closes under other settings and compare with what was paid. Nothing is paid or changed: the result is only a report. Starts from the settings in force."
      />
      <CardContent>
        <Box component="form" noValidate onSubmit={onSubmit} aria-label="Simulate the plan">
          <Stack spacing={4}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
              <TextField
                label="From (UTC day)"
                type="date"
                slotProps={{ inputLabel: { shrink: true } }}
                {...fieldProps(form, 'from')}
              />
              <TextField
                label="Days"
                autoComplete="off"
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                {...fieldProps(
                  form,
                  'days',
                  `${SIMULATION_MIN_DAYS} to ${SIMULATION_MAX_DAYS}, ending today at the latest`,
                )}
              />
            </Stack>
            <ReferralLevelFields form={form} />
            <Grid container spacing={3}>
              <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                <TextField
                  label="Matching rate"
                  autoComplete="off"
                  slotProps={{ ...percentAdornment, htmlInput: { inputMode: 'decimal' } }}
                  {...fieldProps(form, 'matchingPercent')}
                />
              </Grid>
            </Grid>
            <CapAndBonusFields form={form} />
            <Box>
              <SubmitButton loading={form.formState.isSubmitting}>Start simulation</SubmitButton>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  );
}

type SimulationFormApi = UseFormReturn<FormInput, unknown, FormOutput>;

/** A referral rate per level; the last level can be removed, and levels added up to the plan's limit. */
function ReferralLevelFields({ form }: { form: SimulationFormApi }) {
  const levels = useFieldArray({ control: form.control, name: 'referral' });
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        Referral rate by level
      </Typography>
      <Grid container spacing={3}>
        {levels.fields.map((field, index) => (
          <Grid key={field.id} size={{ xs: 12, sm: 6, md: 3 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={`Level ${index + 1}`}
                autoComplete="off"
                slotProps={{ ...percentAdornment, htmlInput: { inputMode: 'decimal' } }}
                {...fieldProps(form, `referral.${index}.percent`)}
              />
              {index === levels.fields.length - 1 && index > 0 ? (
                <IconButton aria-label={`Remove level ${index + 1}`} onClick={() => levels.remove(index)}>
                  <DeleteOutlined />
                </IconButton>
              ) : null}
            </Stack>
          </Grid>
        ))}
      </Grid>
      {levels.fields.length < SIMULATION_MAX_LEVELS ? (
        <Box>
          <Button startIcon={<AddOutlined />} onClick={() => levels.append({ percent: '0' })}>
            Add a level
          </Button>
        </Box>
      ) : null}
    </>
  );
}

/** The daily matching cap of each package, and the one-time bonus of each rank when there are ranks. */
function CapAndBonusFields({ form }: { form: SimulationFormApi }) {
  const caps = useFieldArray({ control: form.control, name: 'caps' });
  const ranks = useFieldArray({ control: form.control, name: 'ranks' });
  return (
    <>
      <Typography variant="subtitle2" component="h3">
        Daily matching cap by package
      </Typography>
      <Grid container spacing={3}>
        {caps.fields.map((field, index) => (
          <Grid key={field.id} size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              label={field.name}
              autoComplete="off"
              slotProps={{ input: usdtAdornment, htmlInput: { inputMode: 'decimal' } }}
              {...fieldProps(form, `caps.${index}.dailyCap`)}
            />
          </Grid>
        ))}
      </Grid>
      {ranks.fields.length ? (
        <>
          <Typography variant="subtitle2" component="h3">
            One-time bonus by rank
          </Typography>
          <Grid container spacing={3}>
            {ranks.fields.map((field, index) => (
              <Grid key={field.id} size={{ xs: 12, sm: 6, md: 3 }}>
                <TextField
                  label={`${field.name} bonus`}
                  autoComplete="off"
                  slotProps={{ input: usdtAdornment, htmlInput: { inputMode: 'decimal' } }}
                  {...fieldProps(form, `ranks.${index}.bonus`)}
                />
              </Grid>
            ))}
          </Grid>
        </>
      ) : null}
    </>
  );
}

const percentDone = (run: Simulation) => Math.floor((run.daysDone * 100) / run.days);
const ratio = (value: string | null) => (value === null ? '—' : `${value} %`);
const change = (value: string) => `${toBaseUnits(value) > 0n ? '+' : ''}${formatMoney(value)}`;

/** The settings that differ from those in force, in words ("matching 8 % instead of 10 %"). */
function differences(run: Simulation, names: Names): string {
  const said: string[] = [];
  const { proposed, inForce } = run;
  if (proposed.referralPercents.join('/') !== inForce.referralPercents.join('/'))
    said.push(
      `referral ${proposed.referralPercents.join(' / ')} % instead of ${inForce.referralPercents.join(' / ')} %`,
    );
  if (proposed.matchingPercent !== inForce.matchingPercent)
    said.push(`matching ${proposed.matchingPercent} % instead of ${inForce.matchingPercent} %`);
  const caps = new Map(inForce.packageCaps.map((c) => [c.packageId, c.dailyCap]));
  for (const c of proposed.packageCaps)
    if (caps.get(c.packageId) !== undefined && toBaseUnits(c.dailyCap) !== toBaseUnits(caps.get(c.packageId)!))
      said.push(
        `${names.packages.get(c.packageId) ?? `#${c.packageId}`} cap ${formatMoney(c.dailyCap)} instead of ${formatMoney(caps.get(c.packageId))} USDT`,
      );
  const bonuses = new Map(inForce.rankBonuses.map((r) => [r.rankId, r.bonus]));
  for (const r of proposed.rankBonuses) {
    const current = bonuses.get(r.rankId);
    if (current !== undefined && toBaseUnits(r.bonus) !== toBaseUnits(current))
      said.push(
        `${names.ranks.get(r.rankId) ?? `rank #${r.rankId}`} bonus ${formatMoney(r.bonus)} instead of ${formatMoney(current)} USDT`,
      );
  }
  return said.length ? said.join('; ') : 'the settings in force';
}

const CHANGE_COLUMNS: Column<NonNullable<SimulationResult['largestChanges']>[number]>[] = [
  { id: 'member', label: 'Member', render: (m) => m.username },
  { id: 'actual', label: 'Paid', align: 'right', render: (m) => <Money value={m.actual} unit="USDT" /> },
  { id: 'simulated', label: 'Simulated', align: 'right', render: (m) => <Money value={m.simulated} unit="USDT" /> },
  { id: 'change', label: 'Change', align: 'right', render: (m) => <Money value={m.change} unit="USDT" signed /> },
];

/** One run: its progress and cancel while it runs, then (and already for the days replayed) the comparison. */
function SimulationRun({ id, names }: { id: number; names: Names }) {
  const theme = useTheme();
  const query = useSimulation(id);
  const run = query.data;
  if (query.error) return <Alert severity="error">{errorMessage(query.error)}</Alert>;
  if (!run) return <LinearProgress aria-label="Loading the simulation" />;
  const stats = statsOf(run);
  return (
    <Stack spacing={4} data-testid="simulation-run">
      <RunProgress run={run} names={names} />
      <Grid container spacing={4}>
        {stats.map((s) => (
          <StatCard
            key={s.id}
            icon={s.icon}
            color={s.color}
            label={s.label}
            value={<span data-testid={`simulation-${s.id}`}>{s.value}</span>}
            note={s.note}
          />
        ))}
      </Grid>
      <ChartCard
        title="Bonuses by day, paid and simulated"
        subheader="Referral on the day of the purchase, matching on the day closed, rank bonuses on the day reached; USDT. The line is the simulated payout ratio."
        chart={run.byDay.length ? bonusChart(run, theme) : undefined}
      />
      <Card>
        <CardHeader
          title="Largest changes per member"
          subheader="The 20 members whose bonuses over the period change most, referral, matching and rank bonuses together."
        />
        <DataTable
          label="Largest changes per member"
          columns={CHANGE_COLUMNS}
          rows={run.largestChanges ?? (run.status === 'running' ? undefined : [])}
          total={run.largestChanges?.length ?? 0}
          rowKey={(m) => m.memberId}
          page={1}
          pageSize={20}
          onPage={() => undefined}
          onPageSize={() => undefined}
          hidePagination
          loading={run.status === 'running'}
          empty={run.status === 'done' ? 'Nobody is paid differently.' : 'Listed once every day is replayed.'}
        />
      </Card>
    </Stack>
  );
}

/** The run's four figures, paid → simulated. */
function statsOf(run: SimulationResult) {
  return [
    {
      id: 'bonuses',
      icon: <PaymentsOutlined />,
      color: 'primary' as const,
      label: 'Bonuses, paid → simulated',
      value: `${formatMoney(run.total.actual)} → ${formatMoney(run.total.simulated)}`,
      note: `${change(run.total.change)} USDT: referral ${change(run.referral.change)}, matching ${change(run.matching.change)}, rank bonuses ${change(run.rankBonus.change)}`,
    },
    {
      id: 'ratio',
      icon: <PercentOutlined />,
      color: 'warning' as const,
      label: 'Payout ratio',
      value: `${ratio(run.payoutRatio.actual)} → ${ratio(run.payoutRatio.simulated)}`,
      note: `of ${formatMoney(run.sales)} USDT sales`,
    },
    {
      id: 'members',
      icon: <GroupsOutlined />,
      color: 'info' as const,
      label: 'Members paid',
      value: run.membersPaid
        ? `${formatCount(run.membersPaid.actual)} → ${formatCount(run.membersPaid.simulated)}`
        : '—',
      note: run.membersPaid ? 'paid anything in the period' : 'counted once every day is replayed',
    },
    {
      id: 'flushed',
      icon: <WaterDropOutlined />,
      color: 'error' as const,
      label: 'Flushed above the caps',
      value: `${formatMoney(run.flushed.actual)} → ${formatMoney(run.flushed.simulated)}`,
      note: 'matching earned above the daily caps, USDT',
    },
  ];
}

/** The run's heading, what it changes, its progress, its error, and Cancel while it runs. */
function RunProgress({ run, names }: { run: SimulationResult; names: Names }) {
  const toast = useToast();
  const cancel = useCancelSimulation();
  const onCancel = async () => {
    try {
      await cancel.mutateAsync(run.id);
      toast.success(`Simulation #${run.id} cancelled: the days replayed stay to read.`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Card>
      <CardHeader
        title={`Simulation #${run.id}: ${run.from} to ${run.to}`}
        subheader={`${differences(run, names)} · started ${formatDateTime(run.createdAt)}${run.startedBy ? ` by ${run.startedBy}` : ''}`}
        action={<StatusChip status={run.status} label={STATUS[run.status].label} color={STATUS[run.status].color} />}
        sx={{ flexWrap: 'wrap', gap: 2 }}
      />
      <CardContent>
        <LinearProgress variant="determinate" value={percentDone(run)} aria-label={`Simulation #${run.id} progress`} />
        <Typography variant="body2" sx={{ mt: 2 }} role="status">
          {run.daysDone} of {run.days} days replayed ({percentDone(run)} %).
        </Typography>
        {run.error ? (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            {run.status === 'failed' ? 'Failed: ' : 'Last error (retrying): '}
            {run.error}
          </Typography>
        ) : null}
        {run.status === 'running' ? (
          <Button
            variant="outlined"
            color="error"
            sx={{ mt: 3 }}
            disabled={cancel.isPending}
            onClick={() => void onCancel()}
          >
            Cancel simulation
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The bonuses by day, paid beside simulated, with the simulated payout ratio as a line. */
function bonusChart(run: SimulationResult, theme: Theme) {
  return {
    label: `Bonuses paid and simulated by day, ${run.from} to ${run.to}`,
    periods: run.byDay.map((d) => d.day),
    series: [
      {
        label: 'Paid',
        values: run.byDay.map((d) => fromBaseUnits(dayBonuses(d, 'actual'))),
        color: theme.palette.primary.main,
      },
      {
        label: 'Simulated',
        values: run.byDay.map((d) => fromBaseUnits(dayBonuses(d, 'simulated'))),
        color: theme.palette.warning.main,
      },
    ],
    line: {
      label: 'Simulated payout ratio',
      values: run.byDay.map((d) => payoutRatio(dayBonuses(d, 'simulated'), toBaseUnits(d.sales))),
      color: theme.palette.error.main,
    },
  };
}

/** A day's bonuses of every kind, paid or simulated, in base units. */
const dayBonuses = (d: SimulationResult['byDay'][number], side: 'actual' | 'simulated') =>
  toBaseUnits(d.referral[side]) + toBaseUnits(d.matching[side]) + toBaseUnits(d.rankBonus[side]);

/**
 * /admin-plan-simulator (docs/plan.md, "The plan simulator"): proposed
 * settings and a period, replayed in the background with a progress bar and
 * a cancel; the result beside what was paid; the past runs below, each
 * shown again by a click.
 */
export function PlanSimulatorPage() {
  const defaults = useSimulationDefaults();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const runs = useSimulations(page, pageSize);
  const [shown, setShown] = useState<number | null>(null);
  const latest = runs.data?.items[0]?.id ?? null;
  useEffect(() => {
    if (shown === null && latest !== null) setShown(latest);
  }, [shown, latest]);
  const names = namesOf(defaults.data);
  const columns: Column<Simulation>[] = [
    { id: 'id', label: 'Run', render: (r) => `#${r.id}` },
    {
      id: 'period',
      label: 'Period',
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{`${r.from} – ${r.to}`}</span>,
    },
    { id: 'settings', label: 'Settings', render: (r) => differences(r, names) },
    {
      id: 'status',
      label: 'Status',
      render: (r) => <StatusChip status={r.status} label={STATUS[r.status].label} color={STATUS[r.status].color} />,
    },
    { id: 'by', label: 'By', secondary: true, render: (r) => r.startedBy ?? '—' },
    {
      id: 'started',
      label: 'Started',
      secondary: true,
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createdAt)}</span>,
    },
  ];
  return (
    <Stack spacing={4}>
      {defaults.error ? <Alert severity="error">{errorMessage(defaults.error)}</Alert> : null}
      {defaults.data ? (
        <SimulationForm defaults={defaults.data} onStarted={setShown} />
      ) : (
        <LinearProgress aria-label="Loading the settings in force" />
      )}
      {shown !== null ? <SimulationRun key={shown} id={shown} names={names} /> : null}
      <Card>
        <CardHeader title="Past simulations" subheader="Newest first; click one to show its result." />
        <DataTable
          label="Past simulations"
          columns={columns}
          rows={runs.data?.items}
          total={runs.data?.total}
          rowKey={(r) => r.id}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={setPageSize}
          onRowClick={(r) => setShown(r.id)}
          loading={runs.isPending}
          error={runs.error}
          onRetry={() => void runs.refetch()}
          empty="No simulations yet."
        />
      </Card>
    </Stack>
  );
}
