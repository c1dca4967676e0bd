// bench:hostile's readings of the service and the attacked site: the service's /metrics (calls,
// workers, memory, event-loop delay, worker ends) and the site's /stats.
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import type { ServiceProcess } from './service-process.js';
import { scrapeMetrics } from './service-metrics.js';

/** The service's own view, from /metrics: calls, workers, body memory, event-loop delay and memory. */
export async function serviceView(service: ServiceProcess): Promise<string> {
  try {
    const m = await scrapeMetrics(service.origin, 5000);
    const v = (name: string) => m.value(name);
    const mib = (name: string) => (v(`urlkit_${name}`) / 2 ** 20).toFixed(0);
    const loopMs = (v('urlkit_nodejs_eventloop_lag_p99_seconds') * 1000).toFixed(0);
    const memory =
      `main RSS ${mib('process_resident_memory_bytes')} (heap ${mib('nodejs_heap_size_used_bytes')}/` +
      `${mib('nodejs_heap_size_total_bytes')}, external ${mib('nodejs_external_memory_bytes')}) MiB, ` +
      `tree RSS ${service.rssMiB().toFixed(0)} MiB`;
    return (
      `calls ${v('urlkit_admission_running')} running/${v('urlkit_admission_queue_length')} queued (limit ` +
      `${v('urlkit_admission_limit')}), workers ${v('urlkit_worker_busy')} busy/${v('urlkit_worker_queue_length')} ` +
      `queued, body memory ${mib('body_memory_bytes')} MiB/${v('urlkit_body_memory_waiting')} waiting, ` +
      `results ${mib('result_memory_bytes')} MiB/${v('urlkit_result_memory_waiting')} waiting, ` +
      `loop delay p99 ${loopMs} ms, ${memory}`
    );
  } catch {
    return 'no answer from /metrics';
  }
}

/**
 * The most body memory the service held (urlkit_body_memory_bytes, MiB) over reads every
 * `everyMs` until stop(): what the body-memory budget let the attack hold, overcommit included.
 */
export function bodyMemoryPeak(service: ServiceProcess, everyMs: number): { stop(): Promise<number> } {
  let peak = 0;
  let reading: Promise<void> = Promise.resolve();
  const t = setInterval(() => {
    reading = scrapeMetrics(service.origin, 5000).then(
      (m) => void (peak = Math.max(peak, m.value('urlkit_body_memory_bytes') / 2 ** 20)),
      () => undefined,
    );
  }, everyMs);
  return {
    async stop() {
      clearInterval(t);
      await reading;
      return peak;
    },
  };
}

/**
 * The longest event-loop delay the service saw since the previous read (ms): prom-client resets
 * its delay histogram at every scrape of /metrics.
 */
export async function loopDelayMaxMs(service: ServiceProcess): Promise<number> {
  try {
    return (await scrapeMetrics(service.origin, 10_000)).value('urlkit_nodejs_eventloop_lag_max_seconds') * 1000;
  } catch {
    return NaN;
  }
}

/** Worker threads ended since the service started, by reason (urlkit_worker_ends_total; none on a build without it). */
export async function workerEnds(service: ServiceProcess): Promise<Map<string, number>> {
  try {
    return (await scrapeMetrics(service.origin, 10_000)).byLabel('urlkit_worker_ends_total', 'reason');
  } catch {
    return new Map(); // no answer: nothing to count
  }
}

/** The ends from `a` to `b` by reason, as "task_budget 2, crashed 1" ('0' for none, '-' without the metric). */
export function endsText(a: Map<string, number>, b: Map<string, number>): string {
  if (b.size === 0) return '-';
  const moved = [...b].map(([k, v]) => [k, v - (a.get(k) ?? 0)] as const).filter(([, d]) => d > 0);
  return moved.map(([k, d]) => `${k} ${d}`).join(', ') || '0';
}

/** With --trace: the service's view every second until stopped. */
export function traceService(service: ServiceProcess, label: string): () => void {
  if (!process.argv.includes('--trace')) return () => {};
  let on = true;
  void (async () => {
    while (on) {
      process.stderr.write(`${label}: ${await serviceView(service)}\n`);
      await sleep(1000);
    }
  })();
  return () => {
    on = false;
  };
}

/** What the attacked site has served since it started (bench/hostile-site.ts /stats). */
export async function siteServed(site: string): Promise<{ requests: Record<string, number>; bodyBytes: number }> {
  const res = await request(`${site}/stats`);
  return (await res.body.json()) as { requests: Record<string, number>; bodyBytes: number };
}

/** Waits until the service has no call running (the hostile calls stopped with their clients), at most 30 s. */
export async function settle(service: ServiceProcess): Promise<void> {
  for (let i = 0; i < 60; i++) {
    try {
      if ((await scrapeMetrics(service.origin, 5000)).value('urlkit_admission_running') === 0) break;
    } catch {
      /* busy: look again */
    }
    await sleep(500);
  }
  await sleep(2000);
}
