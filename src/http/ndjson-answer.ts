// A tool answer sent as NDJSON (`Accept: application/x-ndjson`): one line per item as it
// finishes, `{ index, data, meta }`, then a last line `{ correlation_id, counts }` (with `error`
// when the call failed as a whole after its first line). The head (200) goes out with the first
// line, so everything refused before the call starts (invalid, overloaded, ...) is still the
// usual JSON error with its status.
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ToolItem } from '../tools/types.js';

export const NDJSON_MEDIA_TYPE = 'application/x-ndjson';

/** The q of each media range an Accept header names (ranges without q have 1). */
function qualities(accept: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';');
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim().toLowerCase() === 'q') q = Number(value?.trim());
    }
    if (Number.isFinite(q)) out.set(type!.trim().toLowerCase(), q);
  }
  return out;
}

/** True when the client names NDJSON (q > 0) and does not prefer plain JSON to it. */
export function prefersNdjson(accept: string | string[] | undefined): boolean {
  const header = Array.isArray(accept) ? accept.join(',') : accept;
  if (!header) return false;
  const q = qualities(header);
  const ndjson = q.get(NDJSON_MEDIA_TYPE) ?? 0;
  return ndjson > 0 && ndjson >= (q.get('application/json') ?? 0);
}

/** The last line's counts: items sent, and of them how many have meta.error. */
export interface NdjsonCounts {
  items: number;
  ok: number;
  failed: number;
}

export interface NdjsonEnd {
  correlation_id: string;
  counts: NdjsonCounts;
  error?: { code: string; message: string };
}

export class NdjsonAnswer {
  private stream: PassThrough | undefined;
  private readonly counts: NdjsonCounts = { items: 0, ok: 0, failed: 0 };

  constructor(
    private readonly reply: FastifyReply,
    private readonly correlationId: string,
  ) {}

  /** Lines written and not yet taken by the socket (bytes). */
  get unsent(): number {
    return this.stream ? this.stream.writableLength + this.stream.readableLength : 0;
  }

  get started(): boolean {
    return this.stream !== undefined;
  }

  /** Commits to a 200 NDJSON answer (once the call is admitted); lines follow as items finish. */
  start(): void {
    if (this.stream) return;
    this.stream = new PassThrough();
    void this.reply
      .code(200)
      .header('Content-Type', `${NDJSON_MEDIA_TYPE}; charset=utf-8`)
      .header('Cache-Control', 'no-store')
      .send(this.stream);
  }

  readonly item = (index: number, item: ToolItem): void => {
    this.counts.items++;
    if (item.meta?.error) this.counts.failed++;
    else this.counts.ok++;
    this.write({ index, data: item.data, meta: item.meta });
  };

  end(error?: NdjsonEnd['error']): void {
    const last: NdjsonEnd = { correlation_id: this.correlationId, counts: { ...this.counts } };
    if (error) last.error = error;
    this.write(last);
    this.stream?.end();
  }

  private write(line: object): void {
    // A client that went away has had its stream destroyed by fastify; the work stops too.
    if (!this.stream || this.stream.destroyed || this.stream.writableEnded) return;
    this.stream.write(`${JSON.stringify(line)}\n`);
  }
}
