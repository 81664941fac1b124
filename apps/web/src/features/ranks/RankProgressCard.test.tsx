import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { RankProgress } from '@portal/contract';
import { ThemeModeProvider } from '../../app/theme/ThemeModeProvider';
import { RankProgressCard, requirementPercent } from './RankProgressCard';

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
    expect(screen.getByTestId('rank-requirement-weakerLegBv').textContent).toContain('200 of 1000, 800 to go');
    expect(screen.getByTestId('rank-requirement-sponsored').textContent).toContain('Met: 2 of 1');
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

  it('fills the bar by the share reached, full when met', () => {
    const r = { key: 'sponsored', label: 'x', needed: '4', has: '1', missing: '3', met: false } as const;
    expect(requirementPercent(r)).toBe(25);
    expect(requirementPercent({ ...r, has: '4', missing: null, met: true })).toBe(100);
    expect(requirementPercent({ ...r, key: 'package', needed: 'Gold or dearer', has: 'Starter' })).toBe(0);
  });
});
