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
  /** Time calls waited for admission before starting, by tool. */
  admissionWait: Histogram<'tool'>;
  /** Calls shed (503 overloaded), by reason: queue_full, queue_timeout, event_loop, draining. */
  admissionShed: Counter<'reason'>;
  /** Connections refused before their request was read, by cap: per_client, total (http/connection-caps.ts). */
  connectionsRefused: Counter<'cap'>;
  /** Connections closed to let another client in while the total was full (http/connection-caps.ts). */
  connectionsGaveWay: Counter<'state'>;
  /** Feeds the admission and worker gauges (queue length, limit, worker utilisation) at scrape time. */
  observeCapacity(source: CapacityGauges): void;
}

/** What the gauges read when /metrics is scraped. */
export interface CapacityGauges {
  admission: {
    readonly queued: number;
    readonly inFlight: number;
    readonly limit: number;
    /** The body-memory budget, when there is one (admission/memory-budget.ts). */
    readonly bodyMemory?: { stats(): { usedBytes: number; waiting: number } } | null;
  };
  /** The budget for the results of running batches, when there is one (batch/held-results.ts). */
  resultMemory?: { stats(): { usedBytes: number; waiting: number } } | null | undefined;
  /** The event loop's mean delay over the last window: all of it, and the main thread's own part. */
  loop?: { readonly wallMs: number; readonly ownMs: number } | undefined;
  /** The worker pool, when this process has one. */
  workers?:
    | {
        readonly busy: number;
        readonly capacity: number;
        readonly queued: number;
        busyMs(): number;
        workerHeaps(): Array<{ usedBytes: number }>;
        /** Worker threads that ended since start, by reason (workers/worker-ends.ts). */
        workerEnds?(): Record<string, number>;
      }
    | undefined;
}

/** A counter by one label, each of whose `values` is shown from the start (at 0). */
function countedBy<L extends string>(
  registry: Registry,
  name: string,
  help: string,
  label: L,
  values: string[],
): Counter<L> {
  const counter = new Counter({ name, help, labelNames: [label], registers: [registry] });
  for (const value of values) counter.inc({ [label]: value } as Partial<Record<L, string>>, 0);
  return counter;
}

const QUEUE_WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
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
    help: 'Tool requests in progress, from arrival (body still arriving included) through the queue to the answer.',
    registers: [registry],
  });
  const admissionWait = new Histogram({
    name: 'urlkit_admission_queue_wait_seconds',
    help: 'Time tool calls waited in the admission queue before starting (0 when they started at once), by tool.',
    labelNames: ['tool'] as const,
    buckets: QUEUE_WAIT_BUCKETS,
    registers: [registry],
  });
  const admissionShed = countedBy(
    registry,
    'urlkit_admission_shed_total',
    'Tool calls shed with 503 overloaded, by reason (queue_full, queue_timeout, event_loop, draining).',
    'reason',
    ['queue_full', 'queue_timeout', 'event_loop', 'draining'],
  );
  const connectionsRefused = countedBy(
    registry,
    'urlkit_connections_refused_total',
    'Connections answered and closed before their request was read, by the cap they were over.',
    'cap',
    ['per_client', 'total'],
  );
  const connectionsGaveWay = countedBy(
    registry,
    'urlkit_connections_gave_way_total',
    "Open connections closed while all the service's were taken, to let in a client holding fewer, by what they " +
      'were doing: idle (no request) or receiving (a request body arriving).',
    'state',
    ['idle', 'receiving'],
  );
  let source: CapacityGauges | null = null;
  const gauge = (name: string, help: string, read: (s: CapacityGauges) => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const v = source ? read(source) : undefined;
        if (v !== undefined && Number.isFinite(v)) this.set(v);
      },
    });
  gauge('urlkit_admission_queue_length', 'Tool calls waiting for admission now.', (s) => s.admission.queued);
  gauge('urlkit_admission_running', 'Tool calls admitted and running now.', (s) => s.admission.inFlight);
  gauge(
    'urlkit_admission_limit',
    'The adaptive concurrency limit: tool calls that may run at once now.',
    (s) => s.admission.limit,
  );
  gauge(
    'urlkit_body_memory_bytes',
    'Memory charged to the response bodies running calls hold now (URLKIT_BODY_MEMORY_BYTES budget).',
    (s) => s.admission.bodyMemory?.stats().usedBytes,
  );
  gauge(
    'urlkit_body_memory_waiting',
    'Response bodies waiting, unread, for room in the body-memory budget now.',
    (s) => s.admission.bodyMemory?.stats().waiting,
  );
  gauge(
    'urlkit_result_memory_bytes',
    'Memory charged to the results batches hold or have reserved now, running or their answers being sent ' +
      '(URLKIT_RESULT_MEMORY_BYTES budget).',
    (s) => s.resultMemory?.stats().usedBytes,
  );
  gauge(
    'urlkit_result_memory_waiting',
    'Batch chunks waiting for room in the result-memory budget now.',
    (s) => s.resultMemory?.stats().waiting,
  );
  gauge(
    'urlkit_event_loop_delay_seconds',
    'Mean lateness of the event loop over the last window (URLKIT_MAX_EVENT_LOOP_DELAY_MS guard), whatever its cause.',
    (s) => (s.loop ? s.loop.wallMs / 1000 : undefined),
  );
  gauge(
    'urlkit_event_loop_own_delay_seconds',
    "The part of that lateness the main thread spent running its own work (the guard's input; the rest is " +
      'waiting for a CPU held by other processes).',
    (s) => (s.loop ? s.loop.ownMs / 1000 : undefined),
  );
  gauge(
    'urlkit_worker_threads',
    'Worker slots for parsing and extraction (URLKIT_WORKER_THREADS).',
    (s) => s.workers?.capacity,
  );
  gauge('urlkit_worker_busy', 'Worker slots running a task now.', (s) => s.workers?.busy);
  gauge('urlkit_worker_queue_length', 'Tasks waiting for a free worker now.', (s) => s.workers?.queued);
  gauge(
    'urlkit_worker_heap_used_bytes',
    'V8 heap in use in the worker threads, each as it reported at the end of its last task.',
    (s) => s.workers?.workerHeaps().reduce((n, h) => n + h.usedBytes, 0),
  );
  new Counter({
    name: 'urlkit_worker_ends_total',
    help:
      'Worker threads that ended, by reason: recycled (heap grown, replaced while idle), task_budget (a task ' +
      'ran past its time budget), start_wait (the wait for the worker to take a task handed to it ran out), ' +
      'abandoned (its caller left and the task ran past the grace), crashed, idle (retired), shutdown.',
    labelNames: ['reason'] as const,
    registers: [registry],
    collect() {
      const ends = source?.workers?.workerEnds?.();
      if (!ends) return;
      // The pool keeps the counts; a scrape mirrors them.
      this.reset();
      for (const [reason, n] of Object.entries(ends)) this.inc({ reason }, n);
    },
  });
  let lastBusyMs = 0;
  let lastAt = performance.now();
  gauge(
    'urlkit_worker_utilisation',
    'Fraction of worker time spent on tasks since the previous scrape (0 to 1).',
    (s) => {
      if (!s.workers) return undefined;
      const now = performance.now();
      const busyMs = s.workers.busyMs();
      const elapsed = now - lastAt;
      const u = elapsed > 0 ? (busyMs - lastBusyMs) / (elapsed * s.workers.capacity) : 0;
      lastBusyMs = busyMs;
      lastAt = now;
      return Math.max(0, Math.min(1, u));
    },
  );
  return {
    registry,
    admissionWait,
    admissionShed,
    connectionsRefused,
    connectionsGaveWay,
    observeCapacity(s) {
      source = s;
      if (s.workers) {
        lastBusyMs = s.workers.busyMs();
        lastAt = performance.now();
      }
    },
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
