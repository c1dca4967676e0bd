// Reading a gauge from the service's /metrics (prom-client's text exposition), for tests that
// watch a budget or a delay while they run.

/** A gauge's value from a Prometheus text exposition (NaN when it is not there). */
export function gauge(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(name + ' '));
  return Number(line?.split(' ')[1] ?? NaN);
}

/** A gauge's value now, from the /metrics of the service at `origin`. */
export async function gaugeAt(origin: string, name: string): Promise<number> {
  return gauge(await (await fetch(`${origin}/metrics`)).text(), name);
}
