// The benches read the service's /metrics through bench/service-metrics.ts: what prom-client
// writes (labelled counters, gauges, labelled histograms) reads back as the values it holds.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { ServiceMetrics } from '../../../bench/service-metrics.js';

async function scrape(fill: (registry: Registry) => void): Promise<ServiceMetrics> {
  const registry = new Registry();
  fill(registry);
  return new ServiceMetrics(await registry.metrics());
}

describe('ServiceMetrics', () => {
  it('sums a labelled counter over its labels and splits it by label, in the order written', async () => {
    const m = await scrape((registers) => {
      const shed = new Counter({ name: 'x_shed_total', help: 'h', labelNames: ['reason'], registers: [registers] });
      shed.inc({ reason: 'queue_full' }, 803);
      shed.inc({ reason: 'event_loop' }, 2);
    });
    assert.equal(m.value('x_shed_total'), 805);
    assert.deepEqual(
      [...m.byLabel('x_shed_total', 'reason')],
      [
        ['queue_full', 803],
        ['event_loop', 2],
      ],
    );
  });

  it('tells a declared metric with no sample yet (0) from one the service does not report (NaN)', async () => {
    const m = await scrape((registers) => {
      new Counter({ name: 'x_ends_total', help: 'h', labelNames: ['reason'], registers: [registers] });
      new Gauge({ name: 'x_limit', help: 'h', registers: [registers] }).set(32);
    });
    assert.equal(m.value('x_ends_total'), 0);
    assert.equal(m.value('x_limit'), 32);
    assert.ok(Number.isNaN(m.value('x_absent')));
  });

  it("reads a labelled histogram's counts by label, and label values with quotes, commas and braces", async () => {
    const m = await scrape((registers) => {
      const gc = new Histogram({ name: 'x_gc_seconds', help: 'h', labelNames: ['kind'], registers: [registers] });
      gc.observe({ kind: 'minor' }, 0.001);
      gc.observe({ kind: 'minor' }, 0.002);
      gc.observe({ kind: 'major' }, 0.05);
      const odd = new Gauge({ name: 'x_odd', help: 'h', labelNames: ['path'], registers: [registers] });
      odd.set({ path: 'a "b", {c} \\ d' }, 1.5e-3);
    });
    assert.deepEqual(Object.fromEntries(m.countsByLabel('x_gc_seconds', 'kind')), { minor: 2, major: 1 });
    assert.deepEqual([...m.byLabel('x_odd', 'path')], [['a "b", {c} \\ d', 0.0015]]);
  });
});
