import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, type Session } from '../harness';

export async function setSettings(app: FastifyInstance, admin: Session, patch: Record<string, unknown>): Promise<void> {
  const res = await app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: bearer(admin), payload: patch });
  expect(res.statusCode, res.body).toBe(200);
}

export function requestWithdrawal(
  app: FastifyInstance,
  member: Session,
  payload: Record<string, unknown>,
  key?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/withdrawals',
    headers: { ...bearer(member), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
}

export function saveAddress(app: FastifyInstance, member: Session, address: string) {
  return app.inject({
    method: 'POST',
    url: '/api/withdrawal-addresses',
    headers: bearer(member),
    payload: { address },
  });
}

/** Distinct outside addresses (valid EIP-55 checksums). */
export const OUTSIDE = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
