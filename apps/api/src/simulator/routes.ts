import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoints } from '@portal/contract';
import type { AppContext } from '../context';
import { route } from '../platform/http/route';
import { actorOf } from '../platform/http/guard';
import { cancelSimulation } from './cancel';
import { listSimulations, readSimulation } from './read';
import { simulationDefaults } from './settings';
import { startSimulation } from './start';

/** `/api/admin/plan/simulations` (admins only, as every `/api/admin` module). */
export function simulatorAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, endpoints.simulator.list, {}, async (request) => listSimulations(ctx, request.query));
    route(app, endpoints.simulator.inForce, {}, async () => simulationDefaults(ctx.db));
    route(app, endpoints.simulator.read, {}, async (request) => readSimulation(ctx.db, request.params.id));
    route(app, endpoints.simulator.start, {}, async (request, reply) =>
      reply.code(201).send(await startSimulation(ctx, actorOf(request), request.body)),
    );
    route(app, endpoints.simulator.cancel, {}, async (request) =>
      cancelSimulation(ctx, actorOf(request), request.params.id),
    );
  };
}
