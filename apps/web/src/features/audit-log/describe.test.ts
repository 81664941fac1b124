import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@portal/contract';
import { AUDIT_ACTIONS, actionLabel, describeAuditEntry, fieldName, sentenceText } from './describe';

const entry = (change: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor: { id: 1, username: 'admin' },
  action: 'user.block',
  targetType: 'user',
  targetId: '7',
  details: {},
  subject: { id: 7, username: 'bob', isMember: true },
  ip: '127.0.0.1',
  createdAt: '2026-03-01T10:00:00.000Z',
  ...change,
});

const text = (e: AuditEntry) => sentenceText(describeAuditEntry(e).sentence);
const links = (e: AuditEntry) => describeAuditEntry(e).sentence.filter((p) => typeof p !== 'string');

describe('describeAuditEntry', () => {
  it('has words of its own for every action of the filter list, never the raw action name', () => {
    for (const { value } of AUDIT_ACTIONS) {
      const said = text(entry({ action: value, targetType: 'deposit', targetId: '5', details: { reason: 'r' } }));
      expect(said, value).not.toContain('did “');
      expect(said, value).not.toContain(value);
    }
    expect(text(entry({ action: 'demo.seed', targetType: 'demo', targetId: 'demo', details: {} }))).toBe(
      '@admin filled the portal with demo data',
    );
  });

  it('says who did what to whom, linking the admin and the member page', () => {
    const blocked = entry({});
    expect(text(blocked)).toBe('@admin blocked @bob (signed out everywhere)');
    expect(links(blocked)).toEqual([
      { text: '@admin', to: '/Users?search=admin' },
      { text: '@bob', to: '/Members/7' },
    ]);
  });

  it('links an account without membership to the Users list', () => {
    const created = entry({ action: 'user.create_admin', subject: { id: 9, username: 'carol', isMember: false } });
    expect(text(created)).toBe('@admin created the admin account @carol');
    expect(links(created)[1]).toEqual({ text: '@carol', to: '/Users?search=carol' });
  });

  it('keeps the member memo and the internal note of an adjustment apart', () => {
    const adjusted = describeAuditEntry(
      entry({
        action: 'member.adjust',
        targetType: 'member',
        details: { direction: 'debit', amount: '4.5', wallet: 'income', reason: 'Duplicate bonus', memo: 'Correction' },
      }),
    );
    expect(sentenceText(adjusted.sentence)).toBe('@admin debited 4.50 USDT from the income wallet of @bob');
    expect(adjusted.notes).toEqual([
      { label: 'Member reads', text: 'Correction' },
      { label: 'Internal note', text: 'Duplicate bonus' },
    ]);
  });

  it('says when a rejected redemption put fewer pieces back than it took (the stock limit)', () => {
    const capped = describeAuditEntry(
      entry({
        action: 'redemption.reject',
        targetType: 'redemption',
        targetId: '12',
        details: { product: 'Mug', quantity: 1000, stockReturned: 300, points: '1000', reason: 'Recalled' },
      }),
    );
    expect(capped.notes).toEqual([
      { label: 'Reason', text: 'Recalled' },
      { label: 'Stock', text: '300 of 1000 pieces put back; the rest would have passed the 1,000,000 stock limit' },
    ]);
    const whole = describeAuditEntry(
      entry({
        action: 'redemption.reject',
        targetType: 'redemption',
        targetId: '13',
        details: { quantity: 4, stockReturned: 4, points: '4', reason: 'Recalled' },
      }),
    );
    expect(whole.notes).toEqual([{ label: 'Reason', text: 'Recalled' }]);
  });

  it('lists the before and after of changed settings and a changed role', () => {
    const settings = describeAuditEntry(
      entry({
        action: 'settings.update',
        targetType: 'settings',
        targetId: null,
        subject: null,
        details: { changes: { minTransfer: { from: '10', to: '20' }, registrationOpen: { from: true, to: false } } },
      }),
    );
    expect(sentenceText(settings.sentence)).toBe('@admin changed 2 settings in Settings');
    expect(settings.changes).toEqual([
      { field: 'min transfer', from: '10', to: '20' },
      { field: 'registration open', from: 'yes', to: 'no' },
    ]);
    expect(
      describeAuditEntry(entry({ action: 'user.role', details: { from: 'member', to: 'admin' } })).changes,
    ).toEqual([{ field: 'role', from: 'member', to: 'admin' }]);
  });

  it('names the portal as the actor of a throttle, and falls back to the details for a missing account', () => {
    expect(
      text(
        entry({
          action: 'auth.throttle.username',
          actor: null,
          targetType: 'username',
          targetId: 'eve',
          subject: null,
          details: { failures: 5 },
        }),
      ),
    ).toBe('The portal slowed down sign-ins to the username “eve” after 5 failures');
    expect(text(entry({ subject: null, details: { username: 'gone' } }))).toBe(
      '@admin blocked @gone (signed out everywhere)',
    );
  });

  it('has words for every action the filter offers, and says what an unknown one is', () => {
    for (const { value } of AUDIT_ACTIONS) {
      expect(text(entry({ action: value })), value).not.toContain(`did “${value}”`);
    }
    expect(text(entry({ action: 'robot.dance', targetType: 'robot', targetId: '3', subject: null }))).toBe(
      '@admin did “robot.dance” on robot #3',
    );
    expect(actionLabel('robot.dance')).toBe('robot.dance');
    expect(fieldName('max_daily_cap')).toBe('max daily cap');
  });
});
