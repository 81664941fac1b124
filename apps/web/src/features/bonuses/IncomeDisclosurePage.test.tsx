import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { SETTINGS_DEFAULTS, type IncomeDisclosure } from '@portal/contract';
import { session } from '../../shared/session/instance';
import { json, renderWithStubbedApi, signInForTest } from '../../test-stubbed-api';
import { IncomeDisclosurePage } from './IncomeDisclosurePage';

const percentiles = [10, 25, 50, 75, 90, 99].map((percentile) => ({
  percentile,
  income: percentile >= 75 ? '120.00' : '0.00',
}));

function disclosure(members: number): IncomeDisclosure {
  return {
    from: '2026-01-01',
    to: '2026-11-29',
    members,
    earners: members ? 2 : 0,
    earnedMoreThanSpent: members ? 1 : 0,
    income: { total: members ? '240.00' : '0.00', mean: members ? '60.00' : '0.00', median: '0.00', percentiles },
    spent: { total: members ? '700.00' : '0.00', mean: members ? '175.00' : '0.00' },
    typicalDaysInNetwork: members ? 41 : 0,
  };
}

function open(members: number): string[] {
  signInForTest();
  const asked: string[] = [];
  const missing = () => json(404, { message: 'Not in this test.', code: 'NOT_FOUND' });
  renderWithStubbedApi(
    <IncomeDisclosurePage />,
    (url) => {
      asked.push(url);
      if (url.includes('/admin/settings'))
        return json(200, { ...SETTINGS_DEFAULTS, incomeDisclosurePublic: members > 0 });
      return url.includes('/admin/income-disclosure') ? json(200, disclosure(members)) : missing();
    },
    missing,
  );
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.clear();
});

describe('IncomeDisclosurePage', () => {
  it('asks for this year to today and shows the figures, zero earners counted, and the percentiles', async () => {
    const asked = open(4);
    expect(await screen.findByText('Members counted')).toBeTruthy();
    const today = new Date().toISOString().slice(0, 10);
    const read = asked.find((url) => url.includes('/admin/income-disclosure'))!;
    expect(new URL(read, 'http://portal.test').search).toBe(`?from=${today.slice(0, 4)}-01-01&to=${today}`);
    // Published (the setting): where anyone reads it.
    expect((await screen.findByRole('link', { name: '/published-income-disclosure' })).getAttribute('href')).toBe(
      '/published-income-disclosure',
    );
    expect(screen.getByText('2 (50.0%)')).toBeTruthy();
    expect(screen.getByText('41 days')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Income by percentile' });
    const top = within(table).getByText('99th').closest('tr')!;
    expect(top.textContent).toContain('120.00 USDT');
  });

  it('explains a period before anyone joined instead of showing zeros', async () => {
    open(0);
    expect(await screen.findByText(/No member had joined by the end of this period/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Income by percentile' })).toBeNull();
  });
});
