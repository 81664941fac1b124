import { afterEach, beforeAll } from 'vitest';
import type { WebhookCreated, WebhookDelivery } from '@portal/contract';
import { sql } from '../../src/platform/db/sql';
import { deliverWebhooks } from '../../src/webhooks/deliver';
import {
  bearer,
  enableAdminTwoFactor,
  lateBound,
  loginAdmin,
  useFreshPortal,
  type Session,
  type TestPortal,
} from '../harness';

/** A portal whose webhooks may reach this machine (WEBHOOKS_ALLOW_PRIVATE), its admin with two-factor; endpoints deleted after each test. */
export function useWebhookPortal(): { portal: TestPortal; admin: Session } {
  const portal = useFreshPortal({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
  let admin: Session | undefined;
  beforeAll(async () => {
    admin = await loginAdmin(portal.app);
    await enableAdminTwoFactor(portal, admin);
  });
  afterEach(async () => {
    await portal.db.query(sql`DELETE FROM webhook_endpoints`);
  });
  return { portal, admin: lateBound(() => admin, 'The admin') };
}

export async function createEndpoint(
  portal: TestPortal,
  admin: Session,
  payload: { url: string; kinds: string[]; description?: string },
): Promise<WebhookCreated> {
  const res = await portal.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers: bearer(admin), payload });
  if (res.statusCode !== 201) throw new Error(`create endpoint: ${res.statusCode} ${res.body}`);
  return res.json<WebhookCreated>();
}

export async function deliveries(
  portal: TestPortal,
  admin: Session,
  endpointId: number,
  query = '',
): Promise<WebhookDelivery[]> {
  const res = await portal.app.inject({
    method: 'GET',
    url: `/api/admin/webhooks/${endpointId}/deliveries${query}`,
    headers: bearer(admin),
  });
  if (res.statusCode !== 200) throw new Error(`deliveries: ${res.statusCode} ${res.body}`);
  return res.json<{ items: WebhookDelivery[] }>().items;
}

/** One pass of the delivery job, as the job runs it. */
export const deliverPass = (portal: TestPortal) => deliverWebhooks(portal.ctx);
