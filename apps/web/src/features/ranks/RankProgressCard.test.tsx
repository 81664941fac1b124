import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { RankProgress } from '@portal/contract';
import { ThemeModeProvider } from '../../app/theme/ThemeModeProvider';
import { RankProgressCard, requirementPercent, requirementText } from './RankProgressCard';

afterEach(() => cleanup());

const ladder: RankProgress['ladder'] = [
  { id: 1, position: 1, name: 'Bronze', colour: '#cd7f32', kind: 'lifetime', bonus: '10.00', reachedOn: '2026-11-27' },
  { id: 2, position: 2, name: 'Silver', colour: '#9e9e9e', kind: 'lifetime', bonus: '50.00', reachedOn: null },
];

function show(progress: RankProgress | undefined, loading = false, error?: unknown) {
  render(
    <ThemeModeProvider>
      <MemoryRouter>
        <RankProgressCard progress={progress} loading={loading} error={error} />
      </MemoryRouter>
    </ThemeModeProvider>,
  );
  return screen.getByTestId('rank-card');
}

describe('RankProgressCard', () => {
  it('shows the rank held and, for the next one, each requirement: needed, has, missing', () => {
    const card = show({
      current: { id: 1, name: 'Bronze', colour: '#cd7f32' },
      since: '2026-11-27',
      ladder,
      next: {
        id: 2,
        name: 'Silver',
        colour: '#9e9e9e',
        kind: 'lifetime',
        bonus: '50.00',
        requirements: [
          {
            key: 'weakerLegBv',
            label: 'BV of your weaker leg (lifetime)',
            needed: '1000',
            has: '200',
            missing: '800',
            met: false,
          },
          { key: 'sponsored', label: 'Active members you sponsored', needed: '1', has: '2', missing: null, met: true },
        ],
      },
    });
    expect(screen.getByTestId('rank-chip').textContent).toBe('Bronze');
    expect(card.textContent).toContain('since Nov 27, 2026');
    expect(card.textContent).toContain('Next: Silver (bonus 50.00 USDT)');
    expect(screen.getByTestId('rank-requirement-weakerLegBv').textContent).toContain('200 of 1,000 BV: 800 BV to go');
    expect(screen.getByTestId('rank-requirement-sponsored').textContent).toContain('2 of 1: met');
    expect(screen.getByRole('progressbar', { name: 'BV of your weaker leg (lifetime): 800 missing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How ranks work' }).getAttribute('href')).toBe('/ranks');
  });

  it('explains "no rank yet" as a state, not an error', () => {
    show({ current: null, since: null, ladder, next: { ...ladder[0]!, requirements: [] } });
    expect(screen.getByTestId('rank-none').textContent).toContain('No rank yet.');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    show({ current: null, since: null, ladder: [], next: null });
    expect(screen.getByTestId('rank-none').textContent).toBe('The company has not defined any ranks yet.');
  });

  it('says so at the top rank, and shows a failure as an error', () => {
    const top = show({
      current: { id: 2, name: 'Silver', colour: '#9e9e9e' },
      since: '2026-11-28',
      ladder,
      next: null,
    });
    expect(top.textContent).toContain('You hold the highest rank.');
    cleanup();
    show(undefined, false, new Error('offline'));
    expect(screen.getByRole('alert').textContent).toContain('offline');
  });

  it('writes each requirement as a sentence, its figures formatted', () => {
    const bv = { key: 'weakerLegBv', label: 'BV', needed: '1000', has: '5100', missing: null, met: true } as const;
    expect(requirementText(bv)).toBe('5,100 of 1,000 BV: met');
    expect(requirementText({ ...bv, needed: '12500.5', has: '200', missing: '12300.5', met: false })).toBe(
      '200 of 12,500.5 BV: 12,300.5 BV to go',
    );
    const count = { key: 'sponsored', label: 'x', needed: '1200', has: '1', missing: '1199', met: false } as const;
    expect(requirementText(count)).toBe('1 of 1,200: 1,199 to go');
    expect(requirementText({ ...count, key: 'ranked', needed: '2', has: '3', missing: null, met: true })).toBe(
      '3 of 2: met',
    );
    const pkg = {
      key: 'package',
      label: 'Own package',
      needed: 'Silver',
      has: 'Starter',
      missing: 'Silver',
      met: false,
    } as const;
    expect(requirementText(pkg)).toBe('A Silver package or a dearer one: you have Starter');
    expect(requirementText({ ...pkg, has: '' })).toBe('A Silver package or a dearer one: you have none yet');
    expect(requirementText({ ...pkg, has: 'Gold', missing: null, met: true })).toBe(
      'A Silver package or a dearer one: met (you have Gold)',
    );
    expect(requirementText({ ...pkg, needed: 'Elite' })).toBe('An Elite package or a dearer one: you have Starter');
    for (const r of [bv, count, pkg]) {
      expect(requirementText(r)).not.toMatch(/^Met:|or dearer,| of Silver/);
    }
  });

  it('fills the bar by the share reached, full when met', () => {
    const r = { key: 'sponsored', label: 'x', needed: '4', has: '1', missing: '3', met: false } as const;
    expect(requirementPercent(r)).toBe(25);
    expect(requirementPercent({ ...r, has: '4', missing: null, met: true })).toBe(100);
    expect(requirementPercent({ ...r, key: 'package', needed: 'Gold or dearer', has: 'Starter' })).toBe(0);
  });
});
