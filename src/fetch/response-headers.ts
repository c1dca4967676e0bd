// Small helpers over undici's raw response headers and bodies.
import type { Readable } from 'node:stream';
import { BODY_DISCARDED } from './prebuilt-errors.js';

export type RawHeaders = Record<string, string | string[] | undefined>;

export function flattenHeaders(raw: RawHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) {
    const name = k.toLowerCase();
    if (name === 'set-cookie' || v === undefined) continue;
    out[name] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export function cookieNames(raw: string | string[] | undefined): string[] {
  if (!raw) return [];
  return (Array.isArray(raw) ? raw : [raw]).map((c) => c.split(';', 1)[0]!.split('=', 1)[0]!.trim()).filter(Boolean);
}

export function firstHeader(raw: RawHeaders, name: string): string | undefined {
  const v = raw[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Drops a body without reading it; the abort error this raises on the stream is expected. */
export function discard(body: Readable): void {
  body.on('error', () => {});
  body.destroy(BODY_DISCARDED);
}
