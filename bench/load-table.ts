// bench:load's table: one row per step, printed as a Markdown table (bench/load.ts).

export interface Row {
  label: string;
  conns: number;
  /** Which round of --rounds the step belongs to. */
  round: number;
  answeredPerS: number;
  okPerS: number;
  r429: number;
  r503: number;
  otherNon2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
  p99ok: number;
  peakRss: number;
  /** The service's main thread over the step: CPU ms per answer, share of the step running, share waiting for a CPU. */
  main: { cpuPerAnswerMs: number; runPct: number; waitPct: number } | null;
  /**
   * CPU ms per answer over the step of the whole service process (every thread), of this bench's
   * process (the load generator), and of the target site's process: on a machine of 2 CPUs they
   * share, so a load generator that costs more per answer at more connections leaves the service
   * less CPU (null off Linux).
   */
  cpu: { serviceMs: number; clientMs: number; targetMs: number } | null;
  /** The machine's 1-minute load average at the end of the step. */
  load1: number;
  /** The service's own view after the step (from /metrics; '-' for a build without them). */
  admission: string;
}

export function fmt(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

export function printHeader(): void {
  console.log(
    '| tool | conns | answered/s | 2xx/s | 429 | 503 shed | other non-2xx | conn errors | timeouts | p50 ms | ' +
      'p99 ms | p99 2xx ms | peak RSS MiB | main thread CPU ms/answer | main thread running % | ' +
      'main thread waiting for a CPU % | CPU ms/answer: service, load generator, target | load 1 min | ' +
      'service after the step |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|');
}

export function printRow(r: Row): void {
  console.log(
    `| ${r.label} | ${r.conns} | ${fmt(r.answeredPerS)} | ${fmt(r.okPerS)} | ${r.r429} | ${r.r503} | ` +
      `${r.otherNon2xx} | ${r.errors} | ${r.timeouts} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.p99ok)} | ` +
      `${fmt(r.peakRss)} | ${r.main ? fmt(r.main.cpuPerAnswerMs, 2) : '-'} | ${r.main ? fmt(r.main.runPct) : '-'} | ` +
      `${r.main ? fmt(r.main.waitPct) : '-'} | ` +
      `${r.cpu ? `${fmt(r.cpu.serviceMs, 2)}, ${fmt(r.cpu.clientMs, 2)}, ${fmt(r.cpu.targetMs, 2)}` : '-'} | ` +
      `${fmt(r.load1, 1)} | ${r.admission} |`,
  );
}
