// Prometheus metrics. One Registry per app, so several apps in one process (tests, or a CLI
// beside a server) never clash over metric names.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FetchObserver } from '../fetch/types.js';

export interface Metrics {
  registry: Registry;
  /** Every HTTP response, by route pattern, method and status. */
  httpRequests: Counter<'route' | 'method' | 'status'>;
  httpDuration: Histogram<'route' | 'method'>;
  /** Tool calls by tool and HTTP status. */
  toolCalls: Counter<'tool' | 'status'>;
  toolDuration: Histogram<'tool'>;
  /** Result items by tool and outcome ('ok' or the item error code). */
  toolItems: Counter<'tool' | 'outcome'>;
  /** Target fetches by outcome ('ok' or the item error code). */
  fetchOutcomes: Counter<'outcome'>;
  inFlight: Gauge;
  /** Feeds fetchOutcomes; handed to createServices. */
  fetchObserver: FetchObserver;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'urlkit_' });
  const httpRequests = new Counter({
    name: 'urlkit_http_requests_total',
    help: 'HTTP responses by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'urlkit_http_request_duration_seconds',
    help: 'Time from request to response, by route pattern and method.',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const toolCalls = new Counter({
    name: 'urlkit_tool_requests_total',
    help: 'Tool calls by tool and HTTP status code.',
    labelNames: ['tool', 'status'] as const,
    registers: [registry],
  });
  const toolDuration = new Histogram({
    name: 'urlkit_tool_request_duration_seconds',
    help: 'Latency of tool calls, by tool.',
    labelNames: ['tool'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const toolItems = new Counter({
    name: 'urlkit_tool_items_total',
    help: 'Result items by tool and outcome (ok or the item error code).',
    labelNames: ['tool', 'outcome'] as const,
    registers: [registry],
  });
  const fetchOutcomes = new Counter({
    name: 'urlkit_fetch_outcomes_total',
    help: 'Target URL fetches by outcome (ok or the item error code).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'urlkit_tool_requests_in_flight',
    help: 'Tool calls currently being processed.',
    registers: [registry],
  });
  return {
    registry,
    httpRequests,
    httpDuration,
    toolCalls,
    toolDuration,
    toolItems,
    fetchOutcomes,
    inFlight,
    fetchObserver: { onOutcome: (outcome) => fetchOutcomes.inc({ outcome }) },
  };
}
