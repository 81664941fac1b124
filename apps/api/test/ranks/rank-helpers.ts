import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { RankCreate } from '@portal/contract';
import { bearer, type Session } from '../harness';

/** An admin defines a rank (a lifetime rank with no requirement and no bonus unless `body` says otherwise). */
export async function defineRank(app: FastifyInstance, admin: Session, body: Partial<RankCreate>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/ranks',
    headers: bearer(admin),
    payload: {
      colour: '#1e88e5',
      kind: 'lifetime',
      bonus: '0',
      ...body,
      requirements: {
        minPackageId: null,
        minSponsored: null,
        minWeakerLegBv: null,
        minRanked: null,
        ...body.requirements,
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; position: number }>();
}

/** The three ranks of the scenario in docs/plan.md "Ranks". */
export async function threeRanks(app: FastifyInstance, admin: Session) {
  const bronze = await defineRank(app, admin, {
    name: 'Bronze',
    bonus: '10',
    requirements: { minSponsored: 1 } as never,
  });
  const silver = await defineRank(app, admin, {
    name: 'Silver',
    colour: '#9e9e9e',
    bonus: '50',
    requirements: { minWeakerLegBv: '1000' } as never,
  });
  const leader = await defineRank(app, admin, {
    name: 'Leader',
    colour: '#8e24aa',
    bonus: '100',
    requirements: { minRanked: { rankId: silver.id, count: 1 } } as never,
  });
  return { bronze, silver, leader };
}
