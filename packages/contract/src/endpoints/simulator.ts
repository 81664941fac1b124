import { endpoint } from '../endpoint';
import { pageQuerySchema } from '../common';
import { idParamSchema } from '../ids';
import {
  simulationDefaultsSchema,
  simulationPageSchema,
  simulationResultSchema,
  startSimulationSchema,
} from '../simulator';

/** `/api/admin/plan/simulations`: the plan simulator (apps/api/src/simulator/). */
export const simulator = {
  list: endpoint({
    method: 'GET',
    path: '/admin/plan/simulations',
    twoFactor: false,
    query: pageQuerySchema,
    status: 200,
    answer: simulationPageSchema,
    errors: [],
    tags: ['admin'],
    summary: 'Plan simulations, newest first, each with its period, proposed settings and progress',
  }),
  inForce: endpoint({
    method: 'GET',
    path: '/admin/plan/simulations/in-force',
    twoFactor: false,
    status: 200,
    answer: simulationDefaultsSchema,
    errors: [],
    tags: ['admin'],
    summary:
      'The settings in force as a proposal (referral rates by level, matching rate, every package cap), to start one from',
  }),
  read: endpoint({
    method: 'GET',
    path: '/admin/plan/simulations/:id',
    twoFactor: false,
    params: idParamSchema,
    status: 200,
    answer: simulationResultSchema,
    errors: ['SIMULATION_NOT_FOUND'],
    tags: ['admin'],
    summary:
      'One simulation and its result so far, actual beside simulated: bonuses by kind and day, payout ratio, flushed, members paid, the largest changes per member (poll it while it runs)',
  }),
  start: endpoint({
    method: 'POST',
    path: '/admin/plan/simulations',
    twoFactor: true,
    body: startSimulationSchema,
    status: 201,
    answer: simulationResultSchema,
    errors: [
      'SIMULATION_PERIOD_IN_FUTURE',
      'SIMULATION_PACKAGE_UNKNOWN',
      'SIMULATION_RANK_UNKNOWN',
      'SIMULATION_RUNNING',
    ],
    tags: ['admin'],
    summary:
      'Replay a period (7 to 365 days) of the recorded purchases and closes under proposed settings, in the background; moves nothing (one at a time, 409 SIMULATION_RUNNING while another runs)',
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/admin/plan/simulations/:id/cancel',
    twoFactor: true,
    params: idParamSchema,
    status: 200,
    answer: simulationResultSchema,
    errors: ['SIMULATION_NOT_FOUND', 'SIMULATION_NOT_RUNNING'],
    tags: ['admin'],
    summary: 'Stop a running simulation after the day it is replaying (the days replayed stay to read)',
  }),
};
