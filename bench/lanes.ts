// A closed-loop load: `concurrency` lanes, each calling `once` again as soon as its last call
// ends, until `total` calls have started; each call's latency goes to `latencies`.
import { performance } from 'node:perf_hooks';

export async function runLoad(
  total: number,
  concurrency: number,
  once: () => Promise<void>,
  latencies: number[],
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < total) {
      next++;
      const t = performance.now();
      await once();
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
}
