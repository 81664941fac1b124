import { z } from 'zod';
import { endpoint } from '../endpoint';

/** `/api/metrics` */
export const metrics = {
  scrape: endpoint({
    method: 'GET',
    path: '/metrics',
    status: 200,
    answer: z.string(),
    // METRICS_TOKEN's bearer token missing or wrong; no such endpoint when METRICS_TOKEN is not set.
    errors: ['AUTH_REQUIRED', 'TOKEN_INVALID', 'NOT_FOUND'],
    tags: ['health'],
    // A bearer token, but METRICS_TOKEN's, not a sign-in's (the summary says so).
    security: [{ bearer: [] }],
    summary: 'Prometheus metrics, with `Authorization: Bearer <METRICS_TOKEN>`; 404 when METRICS_TOKEN is not set',
  }),
};
