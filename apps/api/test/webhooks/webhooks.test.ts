import { afterAll, describe, expect, it } from 'vitest';
import type { WebhookPayload } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { CLAIM_LEASE_MS, claimDue } from '../../src/webhooks/claim';
import { bearer, registerMember } from '../harness';
import { fund, transfer } from '../ledger/ledger-helpers';
import { startReceiver, verifySignature, type Received } from './receiver';
import { createEndpoint, deliverPass, deliveries, useWebhookPortal } from './webhook-helpers';

/** Deliveries to a real HTTP receiver on this machine: signed, retried, redelivered, once across passes. */

const { portal, admin } = useWebhookPortal();
const receivers: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(status = 200) {
  const started = await startReceiver(status);
  receivers.push(started);
  return started;
}

/** A member who sends another `amount` USDT: the receiver's `transfer_received` notification. */
async function transferEvent(amount = '10'): Promise<{ to: string }> {
  const from = await registerMember(portal.app);
  const to = await registerMember(portal.app);
  await fund(portal.app, admin, from.user.id, 'deposit', '100');
  const sent = await transfer(portal.app, from, { toUsername: to.user.username, amount });
  expect(sent.statusCode, sent.body).toBe(201);
  return { to: to.user.username };
}

const payloadOf = (request: Received) => JSON.parse(request.body) as WebhookPayload;

describe('webhook deliveries', () => {
  it('delivers a transfer received, signed so that the receiver verifies it on its own', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await createEndpoint(portal, admin, {
      url: hook.url,
      kinds: ['transfer_received'],
    });
    const { to } = await transferEvent('12');
    expect(await deliverPass(portal)).toBe(false);
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(verifySignature(secret, request!)).toBe(true);
    expect(verifySignature(`whsec_${Buffer.alloc(32).toString('base64')}`, request!)).toBe(false);
    const payload = payloadOf(request!);
    expect(payload).toMatchObject({ type: 'transfer_received', data: { username: to } });
    expect(payload.id).toBe(request!.headers['webhook-id']);
    expect(Number(request!.headers['webhook-timestamp'])).toBe(Math.floor(portal.clock.now.getTime() / 1000));
    expect(request!.headers['content-type']).toBe('application/json');
    expect(new Date(payload.timestamp).toISOString()).toBe(payload.timestamp);
    const [delivery] = await deliveries(portal, admin, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200, lastBody: 'ok' });
    expect(delivery!.log).toEqual([expect.objectContaining({ status: 200, body: 'ok', error: null })]);
    // Nothing left: a second pass sends nothing.
    await deliverPass(portal);
    expect(hook.received).toHaveLength(1);
  });

  it('retries a receiver that answers 500 with backoff, each attempt in the log, until it answers 200', async () => {
    const hook = await receiver(500);
    const { endpoint } = await createEndpoint(portal, admin, { url: hook.url, kinds: ['transfer_received'] });
    await transferEvent();
    await deliverPass(portal);
    let [delivery] = await deliveries(portal, admin, endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 500, lastBody: 'receiver says 500' });
    // Not due again before its backoff (30 s).
    await deliverPass(portal);
    expect(hook.received).toHaveLength(1);
    portal.clock.advance(31_000);
    await deliverPass(portal);
    expect(hook.received).toHaveLength(2);
    [delivery] = await deliveries(portal, admin, endpoint.id, '?status=failed');
    expect(delivery!.log.map((a) => a.status)).toEqual([500, 500]);
    // The second wait is four times the first.
    portal.clock.advance(61_000);
    await deliverPass(portal);
    expect(hook.received).toHaveLength(2);
    hook.answer(200);
    portal.clock.advance(60_000);
    await deliverPass(portal);
    [delivery] = await deliveries(portal, admin, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 });
    expect(delivery!.log.map((a) => a.status)).toEqual([500, 500, 200]);
    // Every attempt carried the same webhook-id.
    expect(new Set(hook.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const endpointNow = (
      await portal.db.query<{ failing_since: Date | null }>(
        sql`SELECT failing_since FROM webhook_endpoints WHERE id = ${endpoint.id}`,
      )
    ).rows[0]!;
    expect(endpointNow.failing_since).toBeNull();
  });
});

describe('webhook redelivery', () => {
  it('records a receiver that is not there as an error, then Redeliver sends a delivered one again now', async () => {
    const hook = await receiver();
    const { endpoint } = await createEndpoint(portal, admin, { url: hook.url, kinds: ['transfer_received'] });
    await transferEvent();
    await deliverPass(portal);
    const [delivery] = await deliveries(portal, admin, endpoint.id);
    const redelivered = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/deliveries/${delivery!.id}/redeliver`,
      headers: bearer(admin),
    });
    expect(redelivered.statusCode, redelivered.body).toBe(200);
    expect(redelivered.json()).toMatchObject({ status: 'pending', attempts: 1 });
    await deliverPass(portal);
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]!.headers['webhook-id']).toBe(hook.received[0]!.headers['webhook-id']);
    const [after] = await deliveries(portal, admin, endpoint.id);
    expect(after).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(after!.log).toHaveLength(2);
    // A receiver gone: the attempt's error is logged, and it is retried.
    await hook.close();
    await portal.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/deliveries/${delivery!.id}/redeliver`,
      headers: bearer(admin),
    });
    await deliverPass(portal);
    const [failed] = await deliveries(portal, admin, endpoint.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, lastStatus: null });
    expect(failed!.lastError).toMatch(/ECONNREFUSED/);
    const audited = await portal.db.query<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'webhook.redeliver' AND target_id = ${String(endpoint.id)}`,
    );
    expect(audited.rows[0]!.n).toBe(2);
  });
});

describe('webhook delivery across passes and days', () => {
  it('delivers each event once when two passes run at the same time', async () => {
    const hook = await receiver();
    await createEndpoint(portal, admin, { url: hook.url, kinds: ['transfer_received'] });
    for (let i = 0; i < 5; i += 1) await transferEvent('3');
    await Promise.all([deliverPass(portal), deliverPass(portal), deliverPass(portal)]);
    await deliverPass(portal);
    const ids = hook.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });

  it('sends again, once, what a pass that died mid-send had claimed, once its claim runs out', async () => {
    const hook = await receiver();
    const { endpoint } = await createEndpoint(portal, admin, { url: hook.url, kinds: ['transfer_received'] });
    await transferEvent();
    // A pass claims the delivery, then its process dies before sending it (nothing recorded).
    expect(await claimDue(portal.db, portal.clock.now, 'dead-pass')).toHaveLength(1);
    await deliverPass(portal);
    expect(hook.received).toHaveLength(0);
    portal.clock.advance(CLAIM_LEASE_MS + 1000);
    await Promise.all([deliverPass(portal), deliverPass(portal)]);
    expect(hook.received).toHaveLength(1);
    const [delivery] = await deliveries(portal, admin, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('sends a test event; a disabled endpoint is sent nothing; three days of failures disable it and mail the admins', async () => {
    const hook = await receiver(503);
    const { endpoint, secret } = await createEndpoint(portal, admin, { url: hook.url, kinds: ['transfer_received'] });
    const test = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/test`,
      headers: bearer(admin),
    });
    expect(test.statusCode, test.body).toBe(201);
    await deliverPass(portal);
    expect(payloadOf(hook.received[0]!)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    expect(verifySignature(secret, hook.received[0]!)).toBe(true);
    const mailsBefore = portal.mails.length;
    portal.clock.advance(3 * 86_400_000 + 60_000);
    await deliverPass(portal);
    const [delivery] = await deliveries(portal, admin, endpoint.id);
    // Past its three days: abandoned.
    expect(delivery).toMatchObject({ status: 'abandoned', attempts: 2, nextAttemptAt: null });
    const listed = await portal.app.inject({ method: 'GET', url: '/api/admin/webhooks', headers: bearer(admin) });
    expect(listed.json().items[0]).toMatchObject({
      id: endpoint.id,
      enabled: false,
      disabledReason: 'Every delivery failed for three days',
    });
    const mails = portal.mails.slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual(['A webhook endpoint was disabled']);
    expect(mails[0]!.text).toContain(hook.url);
    expect(mails[0]!.text).not.toContain(secret);
    // Disabled: events and passes send it nothing; a test event is refused.
    await transferEvent();
    await deliverPass(portal);
    expect(hook.received).toHaveLength(2);
    const refused = await portal.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/test`,
      headers: bearer(admin),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'WEBHOOK_DISABLED' });
  });
});
