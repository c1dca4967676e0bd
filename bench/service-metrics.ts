// The benches' one reader of the service's /metrics (prom-client's text exposition format): a
// scrape, then values by metric name, summed over label sets or split by one label. A small
// parser of its own: parse-prometheus-text-format (the npm package) was tried and returned
// prom-client's labelled histograms (garbage collections by kind) without their labels or counts.

/** One sample line: `name{label="value",...} value [timestamp]`. */
interface Sample {
  name: string;
  labels: Map<string, string>;
  value: number;
}

/** A number as the text format writes it ('+Inf', '-Inf' and 'NaN' included). */
function numberOf(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  return text === '' ? NaN : Number(text);
}

/** The labels from `from` (just past '{') to the closing '}', and the index after it; one pass. */
function readLabels(line: string, from: number): { labels: Map<string, string>; end: number } {
  const labels = new Map<string, string>();
  let i = from;
  while (i < line.length) {
    while (line[i] === ' ' || line[i] === ',') i++;
    if (line[i] === '}') return { labels, end: i + 1 };
    const eq = line.indexOf('=', i);
    if (eq === -1 || line[eq + 1] !== '"') break;
    const key = line.slice(i, eq).trim();
    let value = '';
    i = eq + 2;
    while (i < line.length && line[i] !== '"') {
      if (line[i] === '\\' && i + 1 < line.length) {
        i++;
        value += line[i] === 'n' ? '\n' : line[i];
      } else value += line[i];
      i++;
    }
    labels.set(key, value);
    i++;
  }
  throw new Error(`unreadable labels in /metrics line: ${line.slice(0, 120)}`);
}

function parseSample(line: string): Sample {
  const brace = line.indexOf('{');
  const space = line.indexOf(' ');
  const labelled = brace !== -1 && (space === -1 || brace < space);
  const nameEnd = labelled ? brace : space === -1 ? line.length : space;
  const { labels, end } = labelled ? readLabels(line, brace + 1) : { labels: new Map<string, string>(), end: nameEnd };
  // The value is the first field after the name and labels; a timestamp may follow it.
  const value = line.slice(end).trim().split(' ')[0] ?? '';
  return { name: line.slice(0, nameEnd), labels, value: numberOf(value) };
}

/** One scrape of /metrics. */
export class ServiceMetrics {
  private readonly samples = new Map<string, Sample[]>();

  constructor(text: string) {
    for (const line of text.split('\n')) {
      // A metric the service declares but has no sample of yet (a labelled counter nothing counted).
      if (line.startsWith('# TYPE ')) {
        const name = line.slice('# TYPE '.length).split(' ')[0]!;
        if (!this.samples.has(name)) this.samples.set(name, []);
        continue;
      }
      if (line.trim() === '' || line.startsWith('#')) continue;
      const sample = parseSample(line);
      const list = this.samples.get(sample.name);
      if (list) list.push(sample);
      else this.samples.set(sample.name, [sample]);
    }
  }

  /**
   * A counter's or gauge's samples summed over their label sets: 0 when it has none yet, NaN when
   * the service does not report the metric.
   */
  value(name: string): number {
    const list = this.samples.get(name);
    if (!list) return NaN;
    return list.reduce((n, s) => n + s.value, 0);
  }

  /** A counter's or gauge's samples by the value of one label, in the order the service lists them. */
  byLabel(name: string, label: string): Map<string, number> {
    const out = new Map<string, number>();
    for (const sample of this.samples.get(name) ?? []) {
      const key = sample.labels.get(label);
      if (key !== undefined) out.set(key, sample.value);
    }
    return out;
  }

  /** A histogram's observation counts by the value of one label (e.g. garbage collections by kind). */
  countsByLabel(name: string, label: string): Map<string, number> {
    return this.byLabel(`${name}_count`, label);
  }
}

/** Scrapes `origin`/metrics; throws when the service does not answer 2xx within `timeoutMs`. */
export async function scrapeMetrics(origin: string, timeoutMs: number): Promise<ServiceMetrics> {
  const res = await fetch(`${origin}/metrics`, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`${origin}/metrics answered ${res.status}`);
  return new ServiceMetrics(await res.text());
}
