import { describe, expect, it } from 'vitest';
import type { Withdrawal, WithdrawalPayout } from '@portal/contract';
import { attentionOf } from './attention';
import { progressOf } from '@portal/contract';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function withdrawal(patch: Partial<Withdrawal>): Withdrawal {
  return {
    id: 7,
    member: { id: 2, username: 'alice', fullName: 'Alice' },
    amount: '100.00',
    fee: '5.00',
    net: '95.00',
    address: '0x000000000000000000000000000000000000dEaD',
    status: 'pending',
    reason: null,
    txHash: null,
    blockNumber: null,
    explorerUrl: null,
    createdAt: '2026-03-01T10:00:00Z',
    decidedAt: null,
    paidAt: null,
    approvals: [],
    approvalPolicy: null,
    payout: null,
    flags: [],
    ...patch,
  };
}

const payout = (patch: Partial<WithdrawalPayout>): WithdrawalPayout => ({
  state: 'queued',
  waiting: null,
  note: null,
  broadcastAt: null,
  stuck: false,
  txHash: null,
  explorerUrl: null,
  ...patch,
});

const HASH = `0x${'ab'.repeat(32)}`;
const first = { by: { id: 1, username: 'admin' }, automatic: false, at: '2026-03-01T11:00:00Z' };
const policy = { kind: 'two_admins' as const, description: 'Two different admins (above 100.00 USDT)' };

describe('attentionOf (the "Needs attention" group of /withdraw-approval)', () => {
  it('names what holds each one and what to do', () => {
    expect(attentionOf(withdrawal({ status: 'failed', reason: 'The hot wallet does not hold enough USDT.' }))).toEqual({
      kind: 'failed',
      title: 'Payout failed',
      detail:
        "The hot wallet does not hold enough USDT. Retry once the cause is fixed, or refund it to the member's income wallet.",
    });
    const second = attentionOf(withdrawal({ approvals: [first], approvalPolicy: policy }))!;
    expect(second.kind).toBe('second');
    expect(second.detail).toMatch(/^First approval by @admin on .+\. Two different admins \(above 100\.00 USDT\)\.$/);
    const held = payout({ waiting: "Over today's payout cap of 100.00 USDT" });
    expect(attentionOf(withdrawal({ status: 'approved', payout: held }))).toMatchObject({
      kind: 'held',
      detail: "Over today's payout cap of 100.00 USDT",
    });
    const stuck = payout({ state: 'broadcast', stuck: true, broadcastAt: '2026-03-01T11:30:00Z', note: 'Fee raised' });
    expect(attentionOf(withdrawal({ status: 'approved', payout: stuck }))).toMatchObject({
      kind: 'stuck',
      detail: expect.stringMatching(/not mined after 10 minutes.*The payout job says: Fee raised$/) as unknown,
    });
  });

  it('leaves out what needs nobody: a first request, a payout going out in time, a paid one', () => {
    expect(attentionOf(withdrawal({}))).toBeNull();
    expect(attentionOf(withdrawal({ status: 'approved', payout: payout({ state: 'broadcast' }) }))).toBeNull();
    expect(attentionOf(withdrawal({ status: 'paid', txHash: HASH }))).toBeNull();
  });
});

describe("progressOf (the member's withdrawals on their way, /withdraw)", () => {
  it('says each state in words, with the transaction once one is on chain', () => {
    const said = (patch: Partial<Withdrawal>) => progressOf(withdrawal(patch), NOW);
    expect(said({})).toEqual({ state: "waiting for an admin's approval", tx: null });
    expect(said({ approvals: [{ ...first, by: null }] })?.state).toBe('approved once, waiting for a second admin');
    expect(said({ status: 'approved', payout: payout({}) })?.state).toBe('approved, queued to be sent');
    expect(said({ status: 'approved', payout: payout({ waiting: 'Over the cap' }) })?.state).toBe(
      'approved, queued: Over the cap',
    );
    const sending = payout({ state: 'broadcast', txHash: HASH, explorerUrl: `https://x/tx/${HASH}` });
    expect(said({ status: 'approved', payout: sending })).toEqual({
      state: 'being sent on chain',
      tx: { hash: HASH, url: `https://x/tx/${HASH}` },
    });
    expect(said({ status: 'approved', payout: { ...sending, stuck: true } })?.state).toMatch(/longer than usual/);
    expect(said({ status: 'approved', payout: { ...sending, state: 'mined' } })?.state).toBe(
      'sent, waiting for the chain to confirm it',
    );
    expect(said({ status: 'failed', reason: 'x' })?.state).toMatch(/an admin will send it again or refund it/);
    expect(said({ status: 'paid', txHash: HASH, paidAt: '2026-03-01T11:00:00Z' })).toEqual({
      state: 'sent',
      tx: { hash: HASH, url: null },
    });
  });

  it('drops what is settled: rejected, refunded, paid more than a day ago', () => {
    expect(progressOf(withdrawal({ status: 'rejected' }), NOW)).toBeNull();
    expect(progressOf(withdrawal({ status: 'refunded' }), NOW)).toBeNull();
    expect(progressOf(withdrawal({ status: 'paid', txHash: HASH, paidAt: '2026-02-28T11:00:00Z' }), NOW)).toBeNull();
  });
});
