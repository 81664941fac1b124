import type { onResponseHookHandler } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { AppContext } from '../../context';
import { part } from '../../per-process';
import { chainSnapshotOf } from './chain-snapshot';
import { registerCollectors } from './collectors';
import { createHttpMetrics } from './http';

/**
 * One registry per portal (its context's `perProcess`), not prom-client's global one:
 * tests run several portals in one process, and a registry holds each
 * metric name once. Made only when METRICS_TOKEN turns the metrics on.
 */
export interface PortalMetrics {
  registry: Registry;
  /** The request counter and histogram's `onResponse` hook (app.ts). */
  onResponse: onResponseHookHandler;
}

const METRICS = part<PortalMetrics>('the metrics registry');

export function metricsOf(ctx: AppContext): PortalMetrics {
  return ctx.perProcess.of(METRICS, () => {
    const registry = new Registry();
    // The process's own figures (CPU, memory, event-loop delay, GC), read at scrape time.
    collectDefaultMetrics({ register: registry, prefix: 'portal_' });
    registerCollectors(ctx, registry, chainSnapshotOf(ctx));
    return { registry, onResponse: createHttpMetrics(registry).hook };
  });
}
