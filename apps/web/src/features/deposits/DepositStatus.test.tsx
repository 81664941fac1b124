import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { Deposit } from '@portal/contract';
import { DepositStatus } from './DepositStatus';

afterEach(() => cleanup());

const seen = (confirmations: number, confirmationsNeeded: number) =>
  render(<DepositStatus deposit={{ status: 'seen', confirmations, confirmationsNeeded } as Deposit} />).container
    .textContent;

describe('a deposit seen on chain', () => {
  it('counts its confirmations, the noun singular for one', () => {
    expect(seen(1, 1)).toBe('Seen · 1/1 confirmation');
    expect(seen(3, 12)).toBe('Seen · 3/12 confirmations');
    expect(seen(15, 12)).toBe('Seen · 12/12 confirmations');
  });
});
