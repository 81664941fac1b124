import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProposedSettings, SimulationResult } from '@portal/contract';
import { json, renderWithStubbedApi } from '../../test-stubbed-api';
import { PlanSimulatorPage } from './PlanSimulatorPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const IN_FORCE: ProposedSettings = {
  referralPercents: ['10', '5', '2'],
  matchingPercent: '10',
  packageCaps: [
    { packageId: 1, dailyCap: '100.00' },
    { packageId: 2, dailyCap: '500.00' },
  ],
  rankBonuses: [],
};
/** The ranks in force (ids 7 and 8) with their bonuses. */
const RANKS = [
  { id: 7, name: 'Bronze', bonus: '10.00' },
  { id: 8, name: 'Leader', bonus: '100.00' },
];
const side = (actual: string, simulated: string, change: string) => ({ actual, simulated, change });

const run = (over: Partial<SimulationResult>): SimulationResult => ({
  id: 4,
  status: 'running',
  from: '2026-10-29',
  to: '2026-11-27',
  days: 30,
  daysDone: 12,
  proposed: { ...IN_FORCE, matchingPercent: '8' },
  inForce: IN_FORCE,
  startedBy: 'admin',
  createdAt: '2026-11-28T05:00:00.000Z',
  finishedAt: null,
  error: null,
  sales: '7300.00',
  referral: side('1025.00', '1025.00', '0.00'),
  matching: side('200.00', '168.00', '-32.00'),
  rankBonus: side('0.00', '0.00', '0.00'),
  total: side('1225.00', '1193.00', '-32.00'),
  payoutRatio: { actual: '16.78', simulated: '16.34' },
  flushed: side('10.00', '0.00', '-10.00'),
  membersPaid: null,
  largestChanges: null,
  byDay: [],
  ...over,
});

/** The page against a stubbed API: `runs` is what the list and reads answer; `answer` answers each POST. */
function renderPage(runs: SimulationResult[], answer: (url: string, body: unknown) => Response, ranks = RANKS) {
  return renderWithStubbedApi(
    <PlanSimulatorPage />,
    (url) => {
      if (url.includes('/in-force'))
        return json(200, {
          settings: { ...IN_FORCE, rankBonuses: ranks.map((r) => ({ rankId: r.id, bonus: r.bonus })) },
          packages: [
            { id: 1, name: 'Starter' },
            { id: 2, name: 'Silver' },
          ],
          ranks: ranks.map((r) => ({ id: r.id, name: r.name })),
        });
      const one = /\/simulations\/(\d+)/.exec(url);
      if (one)
        return json(
          200,
          runs.find((r) => r.id === Number(one[1])),
        );
      return json(200, { items: runs, total: runs.length, page: 1, pageSize: 10 });
    },
    answer,
  );
}

describe('the plan simulator page', () => {
  it('starts from the settings in force and sends the proposal as typed', async () => {
    const posts = renderPage([], () => json(201, run({})));
    const form = await screen.findByRole('form', { name: 'Simulate the plan' });
    const matching = within(form).getByLabelText<HTMLInputElement>('Matching rate');
    expect(matching.value).toBe('10');
    expect(within(form).getByLabelText<HTMLInputElement>('Starter').value).toBe('100');
    expect(within(form).getByLabelText<HTMLInputElement>('Bronze bonus').value).toBe('10');
    fireEvent.change(within(form).getByLabelText('Leader bonus'), { target: { value: '150' } });
    fireEvent.change(matching, { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a level' }));
    fireEvent.change(within(form).getByLabelText('Level 4'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start simulation' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({
      days: 30,
      settings: {
        referralPercents: ['10', '5', '2', '1'],
        matchingPercent: '8',
        packageCaps: [
          { packageId: 1, dailyCap: '100' },
          { packageId: 2, dailyCap: '500' },
        ],
        rankBonuses: [
          { rankId: 7, bonus: '10' },
          { rankId: 8, bonus: '150' },
        ],
      },
    });
  });

  it('shows no rank fields without ranks, and checks a rank bonus before asking', async () => {
    renderPage([], () => json(201, run({})), []);
    const form = await screen.findByRole('form', { name: 'Simulate the plan' });
    expect(within(form).queryByText('One-time bonus by rank')).toBeNull();
    cleanup();
    const posts = renderPage([], () => json(201, run({})));
    const withRanks = await screen.findByRole('form', { name: 'Simulate the plan' });
    expect(within(withRanks).getByText('One-time bonus by rank')).toBeTruthy();
    fireEvent.change(within(withRanks).getByLabelText('Bronze bonus'), { target: { value: '-5' } });
    fireEvent.click(within(withRanks).getByRole('button', { name: 'Start simulation' }));
    expect(await within(withRanks).findByText(/Bonus must be a plain decimal number/)).toBeTruthy();
    expect(posts).toHaveLength(0);
  });

  it('puts a refused period on its field, and checks the days before asking', async () => {
    const posts = renderPage([], () =>
      json(422, { code: 'SIMULATION_PERIOD_IN_FUTURE', message: 'The period must end by today.', field: 'from' }),
    );
    const form = await screen.findByRole('form', { name: 'Simulate the plan' });
    fireEvent.change(within(form).getByLabelText('Days'), { target: { value: '6' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start simulation' }));
    expect(await within(form).findByText('A period is at least 7 days')).toBeTruthy();
    expect(posts).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Days'), { target: { value: '30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start simulation' }));
    expect(await within(form).findByText('The period must end by today.')).toBeTruthy();
  });

  it('shows a running run with its progress and a cancel, then the difference', async () => {
    const ranked = run({
      proposed: { ...IN_FORCE, matchingPercent: '8', rankBonuses: [{ rankId: 8, bonus: '150.00' }] },
      inForce: { ...IN_FORCE, rankBonuses: [{ rankId: 8, bonus: '100.00' }] },
      rankBonus: side('100.00', '150.00', '50.00'),
      total: side('1325.00', '1343.00', '18.00'),
    });
    const posts = renderPage([ranked], () => json(200, { ...ranked, status: 'cancelled' }));
    const progress = await screen.findByRole('progressbar', { name: 'Simulation #4 progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByRole('status').textContent).toContain('12 of 30 days replayed (40 %).');
    expect(screen.getByTestId('simulation-bonuses').textContent).toContain('1,325.00 → 1,343.00');
    expect(screen.getByTestId('simulation-ratio').textContent).toContain('16.78 % → 16.34 %');
    expect(screen.getAllByText(/matching 8 % instead of 10 %/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Leader bonus 150\.00 instead of 100\.00 USDT/).length).toBeGreaterThan(0);
    expect(screen.getByTestId('simulation-bonuses').parentElement!.parentElement!.textContent).toContain(
      'rank bonuses +50.00',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel simulation' }));
    await waitFor(() => expect(posts.map((p) => p.url)).toEqual([expect.stringContaining('/simulations/4/cancel')]));
  });
});
