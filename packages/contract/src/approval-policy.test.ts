import { describe, expect, it } from 'vitest';
import { approvalNeedsCode, approvalPolicyFor } from './approval-policy';
import { toBaseUnits } from './money';

const settings = { secondApprovalThreshold: '5000', largeApprovalThreshold: '1000' };

describe('approvalPolicyFor', () => {
  it('asks one admin up to the second-approval threshold, two different admins above it', () => {
    expect(approvalPolicyFor(toBaseUnits('5000'), settings)).toEqual({
      policy: 'one_admin',
      note: 'One admin (up to the second-approval threshold of 5000.00 USDT)',
    });
    expect(approvalPolicyFor(toBaseUnits('5000.000001'), settings)).toEqual({
      policy: 'two_admins',
      note: 'Two different admins (above the second-approval threshold of 5000.00 USDT)',
    });
  });

  it('asks one admin for any amount when the threshold is 0 (none)', () => {
    expect(approvalPolicyFor(toBaseUnits('1000000'), { ...settings, secondApprovalThreshold: '0' })).toEqual({
      policy: 'one_admin',
      note: 'One admin (no second-approval threshold)',
    });
  });
});

describe('approvalNeedsCode', () => {
  it('asks a fresh two-factor code only above the large-approval threshold', () => {
    expect(approvalNeedsCode(toBaseUnits('1000'), settings)).toBe(false);
    expect(approvalNeedsCode(toBaseUnits('1000.000001'), settings)).toBe(true);
  });
});
