// The README's example answers, produced by the running service: the built server
// (dist/src/main.js) starts on a free port, allowed to read a loopback fixture site
// (scripts/readme-site.ts), and each `curl` command the README shows before an
// `<!-- example:NAME -->` region is sent to it as written; the answer replaces the region's JSON.
// The README shows the service at 127.0.0.1:8080 and the site at 127.0.0.2:8000, whatever ports
// they got. test/integration/docs/readme-examples.test.ts fails when the README and the service
// differ in anything but clock readings and ids; `npm run docs:examples` rewrites the README.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import { startExampleSite } from './readme-site.js';

const root = new URL('../../', import.meta.url);
export const README = 'README.md';
const MAIN = fileURLToPath(new URL('../src/main.js', import.meta.url));
export const SHOWN_SERVICE = 'http://127.0.0.1:8080';
export const SHOWN_SITE = 'http://127.0.0.2:8000';
const SITE_HOST = '127.0.0.2';

const OPEN = '<!-- example:';
const CLOSE = '<!-- /example -->';
const SHELL = '```sh\n';
const FENCE = '```';

export interface Example {
  name: string;
  method: string;
  /** e.g. /api/v1/tools/clean_web_content */
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Offsets of the region's content (between the opening comment's line and CLOSE). */
  start: number;
  end: number;
}

/** The curl command's path, headers and body (-d '...'), from the shell block before a region. */
function parseCurl(name: string, block: string): Omit<Example, 'name' | 'start' | 'end'> {
  const words = block.replaceAll('\\\n', ' ');
  const at = words.indexOf(`${SHOWN_SERVICE}/`);
  if (!words.startsWith('curl ') || at < 0) throw new Error(`${README}: the example ${name} follows no curl command`);
  const pathEnd = words.indexOf(' ', at);
  const path = words.slice(at + SHOWN_SERVICE.length, pathEnd < 0 ? undefined : pathEnd).trim();
  const headers: Record<string, string> = {};
  let body: string | undefined;
  for (const [, flag, quoted] of words.matchAll(/(-H|-d) '([^']*)'/g)) {
    if (flag === '-d') body = quoted;
    else {
      const colon = quoted!.indexOf(':');
      headers[quoted!.slice(0, colon).trim().toLowerCase()] = quoted!.slice(colon + 1).trim();
    }
  }
  return { method: body === undefined ? 'GET' : 'POST', path, headers, body };
}

/** Every example region of the README with the request its curl command makes. */
export function findExamples(readme: string): Example[] {
  const examples: Example[] = [];
  let from = 0;
  for (;;) {
    const open = readme.indexOf(OPEN, from);
    if (open < 0) return examples;
    const nameEnd = readme.indexOf(' -->', open);
    const name = readme.slice(open + OPEN.length, nameEnd);
    const start = readme.indexOf('\n', nameEnd) + 1;
    const end = readme.indexOf(CLOSE, start);
    if (end < 0) throw new Error(`${README}: the example ${name} is not closed`);
    const shell = readme.lastIndexOf(SHELL, open);
    const shellEnd = readme.indexOf(FENCE, shell + SHELL.length);
    if (shell < from || shellEnd > open) throw new Error(`${README}: no curl command before the example ${name}`);
    examples.push({ name, ...parseCurl(name, readme.slice(shell + SHELL.length, shellEnd).trim()), start, end });
    from = end + CLOSE.length;
  }
}

interface Service {
  origin: string;
  stop(): Promise<void>;
}

/** The built server, as `npm start` runs it, allowed to read the fixture site's address. */
async function startService(): Promise<Service> {
  const proc = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      URLKIT_LOG_LEVEL: 'info',
      URLKIT_ALLOW_CIDRS: `${SITE_HOST}/32`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const exited = once(proc, 'exit');
  const origin = await new Promise<string>((resolve, reject) => {
    proc.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const at = out.indexOf('Server listening at http://');
      if (at >= 0) resolve(out.slice(at + 'Server listening at '.length).split('"')[0]!);
    });
    void exited.then(() => reject(new Error(`the service exited before listening: ${out}`)));
  });
  return {
    origin,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        await exited;
      }
    },
  };
}

const WIDTH = 100;

/** JSON as a reader scans it: two-space indents, and an object or array on one line when it fits. */
export function showJson(value: unknown, indent = '', prefix = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((v) => ['', v])
    : Object.entries(value as Record<string, unknown>).map(([k, v]) => [`${JSON.stringify(k)}: `, v]);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return `${open}${close}`;
  const inner = entries.map(([key, v]) => key + JSON.stringify(v));
  const pad = Array.isArray(value) ? '' : ' ';
  const flat = `${open}${pad}${inner.join(', ')}${pad}${close}`;
  const nested = entries.some(([, v]) => v !== null && typeof v === 'object' && Object.keys(v).length > 0);
  if (!nested && indent.length + prefix.length + flat.length <= WIDTH) return flat;
  const deeper = `${indent}  `;
  if (!nested && !Array.isArray(value)) {
    // An object of plain values (an item's meta) packs several fields a line: the README stays short.
    const lines: string[] = [];
    for (const field of inner) {
      const last = lines.length - 1;
      if (last >= 0 && deeper.length + lines[last]!.length + 2 + field.length + 1 <= WIDTH) lines[last] += `, ${field}`;
      else lines.push(field);
    }
    return `${open}\n${lines.map((l) => deeper + l).join(',\n')}\n${indent}${close}`;
  }
  const lines = entries.map(([key, v]) => `${deeper}${key}${showJson(v, deeper, key)}`);
  return `${open}\n${lines.join(',\n')}\n${indent}${close}`;
}

/** The answers the README's curl commands get now, pretty-printed as the README shows them. */
export async function answers(examples: readonly Example[]): Promise<Map<string, string>> {
  const site = await startExampleSite(SITE_HOST);
  let service: Service | undefined;
  try {
    service = await startService();
    const shown = new Map<string, string>();
    for (const example of examples) {
      const res = await fetch(`${service.origin}${example.path}`, {
        method: example.method,
        headers: example.headers,
        body: example.body?.replaceAll(SHOWN_SITE, site.origin),
      });
      const text = (await res.text()).replaceAll(site.origin, SHOWN_SITE);
      shown.set(example.name, `${showJson(JSON.parse(text))}\n`);
    }
    return shown;
  } finally {
    await service?.stop();
    await site.close();
  }
}

/** Values that differ on every call: replaced by their type, so their presence still counts. */
const VOLATILE = new Set(['correlation_id', 'fetched_at', 'response_time_ms', 'timings']);

/** An answer with its clock readings, measured times and ids replaced by their types. */
export function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [
      key,
      !VOLATILE.has(key)
        ? comparable(v)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v as Record<string, unknown>).map(([k, t]) => [k, t === null ? null : typeof t]),
            )
          : typeof v,
    ]),
  );
}

/** The JSON between a region's fences. */
export function shownIn(region: string): unknown {
  const body = region.slice(region.indexOf('\n') + 1, region.lastIndexOf(FENCE));
  return JSON.parse(body);
}

/** The README with every example region holding the answer the service gives now. A region whose
 *  answer differs only in clock readings and ids keeps its text, so a run changes nothing that
 *  did not change. */
export function withAnswers(readme: string, examples: readonly Example[], shown: Map<string, string>): string {
  let out = '';
  let at = 0;
  for (const example of examples) {
    const answer = shown.get(example.name)!;
    const region = readme.slice(example.start, example.end);
    const same = isDeepStrictEqual(comparable(shownIn(region)), comparable(JSON.parse(answer)));
    out += readme.slice(at, example.start) + (same ? region : `\`\`\`json\n${answer}\`\`\`\n`);
    at = example.end;
  }
  return out + readme.slice(at);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = new URL(README, root);
  const readme = readFileSync(path, 'utf8');
  const examples = findExamples(readme);
  writeFileSync(path, withAnswers(readme, examples, await answers(examples)));
}
