// A client of get_url_metadata's NDJSON answers (Accept: application/x-ndjson) over a real socket,
// reading lines as they arrive, and a loopback site whose /hang/* pages answer only when released.
import assert from 'node:assert/strict';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const ROUTE = '/api/v1/tools/get_url_metadata';

/** A site whose /hang/* pages answer only when released; every request is recorded. */
export function gatedSite() {
  const seen: string[] = [];
  const waiting: Array<() => void> = [];
  let closedHangs = 0;
  const handler: http.RequestListener = (req, res) => {
    seen.push(req.url ?? '');
    const page = (title: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>${title}</title><p>${title}</p>`);
    };
    if (req.url?.startsWith('/hang/')) {
      res.on('close', () => {
        if (!res.writableFinished) closedHangs++;
      });
      waiting.push(() => page(`Slow ${req.url}`));
      return;
    }
    page(`Fast ${req.url}`);
  };
  return {
    handler,
    seen,
    releaseAll: () => waiting.splice(0).forEach((release) => release()),
    hangsWaiting: () => waiting.length,
    closedHangs: () => closedHangs,
  };
}

export async function waitFor(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 800; i++) {
    if (await check()) return;
    await sleep(25);
  }
  assert.fail(`gave up waiting for ${what}`);
}

export interface ItemLine {
  index: number;
  data: { title: string } | null;
  meta: { url: string; error?: { code: string } };
}
/** Item lines, the last line, or an error envelope: each test reads the fields it expects. */
export type Line = Partial<ItemLine> & {
  correlation_id?: string;
  counts?: unknown;
  data?: { title?: string; results?: ItemLine[] } | null;
  error?: { code: string };
};

export interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Resolves with the next complete line (parsed), or undefined at the end of the answer. */
  next(): Promise<Line | undefined>;
  hangUp(): void;
}

/** POSTs the body and reads the answer line by line as it arrives. */
export function openStream(origin: string, body: unknown, accept = 'application/x-ndjson'): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${ROUTE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let buffer = '';
      let ended = false;
      const lines: string[] = [];
      let wake: (() => void) | undefined;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let nl;
        while ((nl = buffer.indexOf('\n')) !== -1) {
          lines.push(buffer.slice(0, nl));
          buffer = buffer.slice(nl + 1);
        }
        wake?.();
      });
      res.on('end', () => {
        ended = true;
        if (buffer) lines.push(buffer);
        wake?.();
      });
      res.on('error', () => {});
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        async next() {
          while (lines.length === 0 && !ended) await new Promise<void>((w) => (wake = w));
          const line = lines.shift();
          return line === undefined ? undefined : (JSON.parse(line) as Line);
        },
        hangUp: () => req.destroy(),
      });
    });
    req.end(JSON.stringify(body));
  });
}

export async function readAll(stream: Stream): Promise<Array<Line>> {
  const out = [];
  for (let line = await stream.next(); line !== undefined; line = await stream.next()) out.push(line);
  return out;
}
