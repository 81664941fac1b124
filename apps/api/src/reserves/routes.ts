import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf, principalOf } from '../platform/http/guard';
import { signWhereKeysAre } from '../signing/hand-off';
import { buildReserveProof } from './build-reserve-proof';
import { readMyReserveProof } from './read-my-reserve-proof';
import { readReserves } from './read-reserves';

/** `/api/reserves`: anyone may check the published proofs. */
export function reservesGuestRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.reserves.published, {}, async () => readReserves(ctx.db));
  };
}

/** `/api/reserves/mine` */
export function reservesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.reserves.mine, {}, async (request) => readMyReserveProof(ctx.db, principalOf(request).userId));
  };
}

/** `/api/admin/reserves`: signed where the hot wallet's key is (signing/hand-off.ts). */
export function reservesAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.reserves.publish, {}, async (request, reply) => {
      const actor = actorOf(request);
      const proof = await signWhereKeysAre(ctx, 'reserve_proof', actor, {}, () => buildReserveProof(ctx, { actor }));
      return reply.code(201).send(proof!);
    });
  };
}
