import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { json, renderWithStubbedApi } from '../../test-stubbed-api';
import { PublishedIncomeDisclosurePage } from './PublishedIncomeDisclosurePage';

const thisYear = new Date().getUTCFullYear();
const figures = {
  published: true,
  year: thisYear,
  asOf: `${thisYear}-03-01T12:00:00.000Z`,
  from: `${thisYear}-01-01`,
  to: `${thisYear}-03-01`,
  members: 4,
  earners: 2,
  earnedMoreThanSpent: 1,
  income: {
    total: '240.00',
    mean: '60.00',
    median: '0.00',
    percentiles: [10, 25, 50, 75, 90, 99].map((percentile) => ({
      percentile,
      income: percentile >= 75 ? '120.00' : '0.00',
    })),
  },
  spent: { total: '700.00', mean: '175.00' },
  typicalDaysInNetwork: 41,
};

function open(answer: (url: string) => Response): string[] {
  const asked: string[] = [];
  const missing = () => json(404, { message: 'Not in this test.', code: 'NOT_FOUND' });
  renderWithStubbedApi(
    <PublishedIncomeDisclosurePage />,
    (url) => {
      asked.push(url);
      return url.includes('/income-disclosure') ? answer(url) : missing();
    },
    missing,
  );
  return asked;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('PublishedIncomeDisclosurePage', () => {
  it('shows this year’s figures to anyone, signed in or not, and when they were worked out', async () => {
    const asked = open(() => json(200, figures));
    expect(await screen.findByText('Members counted')).toBeTruthy();
    expect(new URL(asked[0]!, 'http://portal.test').search).toBe(`?year=${thisYear}`);
    expect(screen.getByText('2 (50.0%)')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Income by percentile' })).toBeTruthy();
    expect(screen.getByText(/worked out/)).toBeTruthy();
  });

  it('says so when the portal does not publish it, and explains a year it was not open', async () => {
    open(() => json(200, { published: false }));
    expect(await screen.findByText(/does not publish its income disclosure/)).toBeTruthy();
    expect(screen.queryByText('Members counted')).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    open(() =>
      json(422, {
        message: `This portal opened in ${thisYear}: its income disclosure covers ${thisYear}.`,
        code: 'INCOME_DISCLOSURE_YEAR_OUT_OF_RANGE',
        field: 'year',
      }),
    );
    const note = await screen.findByText(/its income disclosure covers/);
    expect(note.closest('[role="alert"]')?.className).toContain('Info');
  });
});
