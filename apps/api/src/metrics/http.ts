import type { onResponseHookHandler } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * Requests counted and timed per route pattern (`/api/admin/withdrawals/:id/approve`,
 * never the raw URL, so the label set stays as small as the route table),
 * method and status class. The hot money paths are benchmarked
 * (`npm run bench -- transfers`, docs/decisions/0013b-quiet-hot-path.md):
 * one `onResponse` hook, one Map lookup of the label children made on the
 * first request of a route, one increment and one histogram observation.
 */

/** Anything that matched no route: the JSON 404s, 405s and the web app's page paths. */
export const UNMATCHED_ROUTE = '<unmatched>';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/** The request metrics of one registry; `hook` is added to each app (app.ts) as an `onResponse` hook. */
export function createHttpMetrics(registry: Registry): { hook: onResponseHookHandler } {
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'Requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request arriving to its answer being sent, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  type Children = { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof duration.labels> };
  const children = new Map<string, Children>();

  const hook: onResponseHookHandler = (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const status = STATUS_CLASSES[Math.floor(reply.statusCode / 100) - 1] ?? '5xx';
    const key = `${request.method} ${status} ${route}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method: request.method, route, status };
      child = { count: requests.labels(labels), time: duration.labels(labels) };
      children.set(key, child);
    }
    child.count.inc();
    child.time.observe(reply.elapsedTime / 1000);
    done();
  };
  return { hook };
}
