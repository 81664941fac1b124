import type { onResponseHookHandler } from 'fastify';
import type { Metric, Registry } from 'prom-client';

/**
 * Requests counted and timed per route pattern (`/api/admin/withdrawals/:id/approve`,
 * never the raw URL, so the label set stays as small as the route table),
 * method and status class. The hot money paths are benchmarked
 * (`npm run bench -- transfers`, docs/decisions/0013b-quiet-hot-path.md), so
 * a request costs one `onResponse` hook: a Map lookup and a few additions
 * into plain numbers. prom-client's own Counter and Histogram children
 * validate and hash their labels on every call (some microseconds a
 * request, measured); here the labels are worked out once per route and the
 * exposition is built only when Prometheus scrapes.
 */

/** Anything that matched no route: the JSON 404s, 405s and the web app's page paths. */
export const UNMATCHED_ROUTE = '<unmatched>';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** Seconds. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last is +Inf. */
  buckets: Float64Array;
}

/** The request metrics of one registry; `hook` is added to each app (app.ts) as an `onResponse` hook. */
export function createHttpMetrics(registry: Registry): { hook: onResponseHookHandler } {
  const series: Series[] = [];
  // Route → method → status class: the route and method strings are the same objects on every request, so
  // the lookups hash nothing new (a joined key would be a fresh string to hash each time).
  const byRoute = new Map<string, Map<string, Array<Series | undefined>>>();

  const hook: onResponseHookHandler = (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const klass = Math.min(4, Math.max(0, Math.floor(reply.statusCode / 100) - 1));
    let methods = byRoute.get(route);
    if (!methods) byRoute.set(route, (methods = new Map<string, Array<Series | undefined>>()));
    let classes = methods.get(request.method);
    if (!classes) methods.set(request.method, (classes = []));
    let s = classes[klass];
    if (!s) {
      s = {
        labels: { method: request.method, route, status: STATUS_CLASSES[klass]! },
        count: 0,
        sum: 0,
        buckets: new Float64Array(BUCKETS.length + 1),
      };
      classes[klass] = s;
      series.push(s);
    }
    const seconds = reply.elapsedTime / 1000;
    let i = 0;
    while (i < BUCKETS.length && seconds > BUCKETS[i]!) i += 1;
    s.buckets[i]! += 1;
    s.count += 1;
    s.sum += seconds;
    done();
  };

  register(
    registry,
    'portal_http_requests_total',
    'Requests answered, by method, route pattern and status class.',
    'counter',
    () => series.map((s) => ({ value: s.count, labels: s.labels })),
  );
  register(
    registry,
    'portal_http_request_duration_seconds',
    'Time from the request arriving to its answer being sent, by method, route pattern and status class.',
    'histogram',
    () =>
      series.flatMap((s) => {
        let cumulative = 0;
        const buckets = [...BUCKETS.map(String), '+Inf'].map((le, i) => {
          cumulative += s.buckets[i]!;
          return {
            metricName: 'portal_http_request_duration_seconds_bucket',
            value: cumulative,
            labels: { ...s.labels, le },
          };
        });
        return [
          ...buckets,
          { metricName: 'portal_http_request_duration_seconds_sum', value: s.sum, labels: s.labels },
          { metricName: 'portal_http_request_duration_seconds_count', value: s.count, labels: s.labels },
        ];
      }),
  );
  return { hook };
}

/** A metric read by the registry at scrape time (prom-client takes any object with `get()`). */
function register(
  registry: Registry,
  name: string,
  help: string,
  type: 'counter' | 'histogram',
  values: () => unknown[],
): void {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset() {},
  };
  registry.registerMetric(metric as unknown as Metric);
}
