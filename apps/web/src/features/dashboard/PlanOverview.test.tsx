import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { MemberDashboard } from '@portal/contract';
import { renderInApp } from '../../test-stubbed-api';
import { PlanOverview } from './PlanOverview';

afterEach(() => cleanup());

const plan: MemberDashboard['plan'] = {
  active: true,
  package: { id: 1, name: 'Starter', dailyCap: '100.00' },
  placed: true,
  pendingVolume: '0',
  leftVolume: '21000',
  rightVolume: '0',
  nextClose: { matched: '0', bonus: '0.00', flushed: '0.00' },
  capMatched: '1000',
  closeInReview: null,
};

function show(over: Partial<MemberDashboard['plan']>, teams: MemberDashboard['teams'] = { left: 3, right: 1 }) {
  const data = { plan: { ...plan, ...over }, teams, directReferrals: 1 } as MemberDashboard;
  renderInApp(<PlanOverview data={data} />);
  return screen.getByTestId('plan-overview');
}

describe('the plan overview', () => {
  it('says what the weaker team needs in a sentence, up to the daily cap', () => {
    const row = show({});
    expect(screen.getByTestId('weaker-leg-needs').textContent).toBe(
      'Your right team needs 1,000 BV more; at your cap the next close pays at most 100.00 USDT.',
    );
    expect(row.textContent).not.toContain('is matched');
    expect(row.textContent).toContain('21,000 BV carried');
    expect(row.textContent).toContain('0 BV carried');
    expect(row.textContent).toContain('3 members');
    expect(row.textContent).toContain('1 member');
    expect(row.textContent).not.toContain('1 members');
  });

  it('says the cap is reached, and says nothing of the legs without a next close', () => {
    show({
      leftVolume: '5000',
      rightVolume: '1100',
      nextClose: { matched: '1100', bonus: '100.00', flushed: '10.00' },
    });
    expect(screen.getByTestId('weaker-leg-needs').textContent).toBe(
      'Your teams already reach your cap: the next close pays 100.00 USDT, the most it can.',
    );
    cleanup();
    show({ placed: false, nextClose: null, capMatched: null }, null);
    expect(screen.queryByTestId('weaker-leg-needs')).toBeNull();
  });
});
