import { describe, expect, it } from 'vitest';
import type { Withdrawal } from '@portal/contract';
import { attentionOf } from '../attention';
import {
  approvalPlan,
  approveLabel,
  secondApprovalNotes,
  selectionSentence,
  thresholdsSentence,
  type ApprovalThresholds,
} from './approval-words';

const POLICY: ApprovalThresholds = { largeApprovalThreshold: '1000', secondApprovalThreshold: '5000' };
const ME = 1;

function withdrawal(id: number, amount: string, patch: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id,
    member: { id: 20 + id, username: `m${id}`, fullName: `M ${id}` },
    amount,
    fee: '1.00',
    net: amount,
    address: '0x000000000000000000000000000000000000dEaD',
    status: 'pending',
    reason: null,
    txHash: null,
    blockNumber: null,
    explorerUrl: null,
    createdAt: '2026-11-29T10:00:00Z',
    decidedAt: null,
    paidAt: null,
    approvals: [],
    approvalPolicy: null,
    payout: null,
    flags: [],
    ...patch,
  };
}

const firstBy = (id: number, username: string) => ({
  approvals: [{ by: { id, username }, automatic: false, at: '2026-11-29T11:30:00Z' }],
});

describe('Withdraw Approval says the rules before they bite', () => {
  it('states the thresholds in force, and when a rule is off', () => {
    expect(thresholdsSentence(POLICY)).toBe(
      'Approving more than 1,000.00 USDT at once asks for a fresh two-factor code; a withdrawal above 5,000.00 USDT needs two different admins: the first approval is recorded, the second pays it.',
    );
    expect(thresholdsSentence({ largeApprovalThreshold: '0', secondApprovalThreshold: '0' })).toBe(
      'Every approval asks for a fresh two-factor code; one admin approves any amount (no second-approval threshold).',
    );
  });

  it('names the action by what it does: pay, record the first of two, or both', () => {
    const small = withdrawal(1, '200');
    const large = withdrawal(2, '6000');
    const second = withdrawal(3, '7000', firstBy(9, 'alice'));
    expect(approveLabel(approvalPlan([small], POLICY, ME))).toBe('Approve and pay');
    expect(approveLabel(approvalPlan([large], POLICY, ME))).toBe('Approve 1 of 2');
    // The second admin's approval completes it: it pays.
    expect(approveLabel(approvalPlan([second], POLICY, ME))).toBe('Approve and pay');
    expect(approveLabel(approvalPlan([small, large], POLICY, ME))).toBe('Approve: pay 1, 1 of 2 for 1');
  });

  it('says what the selection will do, the code included, before the click', () => {
    const small = withdrawal(1, '200');
    const large = withdrawal(2, '6000');
    const second = withdrawal(3, '7000', firstBy(9, 'alice'));
    const mine = withdrawal(4, '8000', firstBy(ME, 'me'));
    expect(selectionSentence(approvalPlan([], POLICY, ME), 0)).toBe(
      'Select withdrawals to see what approving them does.',
    );
    expect(selectionSentence(approvalPlan([small], POLICY, ME), 1)).toBe(
      'Approving 1 withdrawal: 1 paid from the hot wallet.',
    );
    expect(selectionSentence(approvalPlan([small, large, second, mine], POLICY, ME), 4)).toBe(
      "Approving 4 withdrawals: 2 paid from the hot wallet (1 completing another admin's first approval); 1 recorded as the first of two approvals (a second admin pays); 1 you approved first left to another admin; a fresh two-factor code is asked.",
    );
  });

  it('names the first approver to the second admin and tells them they complete it', () => {
    const plan = approvalPlan([withdrawal(3, '7000', firstBy(9, 'alice'))], POLICY, ME);
    expect(secondApprovalNotes(plan)).toEqual([
      expect.stringMatching(
        /^Withdrawal #3: first approved by @alice on .+\. Your approval completes it and the payout goes\.$/,
      ),
    ]);
  });

  it('puts a flagged withdrawal under "Needs attention" with its reasons, before a second approval awaited', () => {
    const flagged = withdrawal(5, '30', {
      ...firstBy(9, 'alice'),
      flags: [
        { kind: 'screened', reason: '0xdEaD was put on the screening list.', rejectWith: 'On the list.' },
        { kind: 'blocked', reason: "@m5's account is blocked.", rejectWith: 'Blocked.' },
      ],
    });
    expect(attentionOf(flagged)).toEqual({
      kind: 'flagged',
      title: 'Address on the screening list · Member blocked',
      detail: "0xdEaD was put on the screening list. @m5's account is blocked.",
      flag: flagged.flags[0],
    });
    expect(attentionOf({ ...flagged, flags: [] })?.kind).toBe('second');
  });
});
