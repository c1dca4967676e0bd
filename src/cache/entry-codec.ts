// A stored fetch as the caches hold it: everything but the body's bytes as UTF-8 JSON in a
// buffer of its own, and the body's bytes in another. What an entry costs is then the size of
// two buffers plus a fixed overhead, whatever the response is made of: URLs, headers and
// redirect hops of any length are bytes in `meta`, counted as such (a chain of redirects with
// 15 KB Location headers once cost 330 KB of strings an entry while the cache counted 2 KiB).
// A packed entry's body is the caller's buffer as given; what a cache keeps is `ownedEntry`'s copy
// (the memory cache) or a wire buffer (Redis), never the fetched buffer itself. So the bytes a
// fetch returns stay its caller's, which moves them to a worker thread with no copy
// (workers/page-bytes.ts), and a kept entry owns its memory outright: a small buffer cut from
// Node's shared 8 KiB pool, or a view into a larger one, would keep the whole slab alive for as
// long as the entry lives.
//
// Redirect hops keep only what an answer from the cache uses: each hop's URL and status. The URL
// is what respect_robots checks a stored chain by (robots/robots-check.ts); the Location header
// as sent is not kept, since the next hop's URL (or the final URL) is where it led, and that is
// what a hop read back gives as its location. A chain with long URLs costs half as much.
//
// Strings of SIDE_CHARS or more (long URLs, long header values) are kept beside the JSON as raw
// UTF-8, not inside it: V8's JSON.stringify reads about 240 MB a second of such strings, copying
// them as bytes costs a fraction of that, and under issue 31's row 4 (100-item batches of redirect
// chains with 15 KB Locations) packing each entry's 160 KiB of URLs in JSON was a quarter of the
// main thread's busy time. An entry without such strings is plain JSON.
import { bodyCopy, fetchedBody } from '../fetch/fetched-body.js';
import type { BodyKind, FetchResult, RedirectHop } from '../fetch/types.js';
import type { StoredFetch } from './cache.js';

/** Strings at least this long are kept beside the JSON, not in it (above). */
const SIDE_CHARS = 1024;
/**
 * The first byte of a meta with strings beside its JSON, then the JSON's length (u32 BE), the
 * JSON, and each string as its length (u32 BE) and UTF-8 bytes. JSON's first byte is never 1.
 */
const SIDE_FORMAT = 1;
/** The key of the object that stands in the JSON for side string i: no header or field is named so. */
const SIDE_KEY = '\u0000';

export interface PackedEntry {
  /** UTF-8 JSON of the entry without the body's bytes (its kind and charset are in it). */
  meta: Buffer;
  /**
   * The body's bytes (content-encoding removed), or null for a response without a body: the
   * caller's buffer as given by packEntry, a buffer of the entry's own from ownedEntry.
   */
  body: Buffer | null;
}

interface Meta {
  fetchedAt: string;
  result: Omit<FetchResult, 'body' | 'hops'> & {
    body: { kind: BodyKind; charset: string | null } | null;
    /** Each hop's URL and status, in order. */
    redirects?: { urls: string[]; statuses: number[] };
    /** Entries stored before redirects was: the hops whole. */
    hops?: RedirectHop[];
  };
}

/** The entry packed: its meta in a buffer of its own, its body the caller's bytes (not copied). */
export function packEntry(entry: StoredFetch): PackedEntry {
  const body = entry.result.body;
  return { meta: packMeta(entry), body: body ? body.bytes : null };
}

/** The entry without its body's bytes, as UTF-8 JSON in a buffer of its own. */
export function packMeta(entry: StoredFetch): Buffer {
  const { body, hops, ...rest } = entry.result;
  const meta: Meta = {
    fetchedAt: entry.fetchedAt,
    result: {
      ...rest,
      body: body ? { kind: body.kind, charset: body.charset } : null,
      redirects: { urls: hops.map((h) => h.url), statuses: hops.map((h) => h.statusCode) },
    },
  };
  const side: string[] = [];
  const json = JSON.stringify(meta, (_key, value: unknown) => {
    if (typeof value !== 'string' || value.length < SIDE_CHARS) return value;
    side.push(value);
    return { [SIDE_KEY]: side.length - 1 };
  });
  const jsonBytes = Buffer.byteLength(json);
  if (side.length === 0) {
    const packed = Buffer.allocUnsafeSlow(jsonBytes);
    packed.write(json);
    return packed;
  }
  const sideBytes = side.map((text) => Buffer.byteLength(text));
  const packed = Buffer.allocUnsafeSlow(5 + jsonBytes + sideBytes.reduce((sum, n) => sum + 4 + n, 0));
  packed[0] = SIDE_FORMAT;
  packed.writeUInt32BE(jsonBytes, 1);
  let at = 5 + packed.write(json, 5);
  side.forEach((text, i) => {
    at = packed.writeUInt32BE(sideBytes[i]!, at);
    at += packed.write(text, at);
  });
  return packed;
}

/** The meta back from its buffer: plain JSON, or JSON with its long strings beside it. */
function metaOf(packed: Buffer): Meta {
  if (packed[0] !== SIDE_FORMAT) return JSON.parse(packed.toString('utf8')) as Meta;
  const jsonEnd = 5 + packed.readUInt32BE(1);
  const side: string[] = [];
  let at = jsonEnd;
  while (at < packed.length) {
    const end = at + 4 + packed.readUInt32BE(at);
    if (end > packed.length) throw new Error('cache entry cut short');
    side.push(packed.toString('utf8', at + 4, end));
    at = end;
  }
  return withSideStrings(JSON.parse(packed.toString('utf8', 5, jsonEnd)), side) as Meta;
}

/** `value` with each { SIDE_KEY: i } put back as side[i] (in place: the parse is ours alone). */
function withSideStrings(value: unknown, side: string[]): unknown {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = withSideStrings(value[i], side);
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (Object.hasOwn(record, SIDE_KEY)) {
    const text = side[record[SIDE_KEY] as number];
    if (text === undefined) throw new Error('not a cache entry');
    return text;
  }
  for (const key of Object.keys(record)) record[key] = withSideStrings(record[key], side);
  return record;
}

/** The entry back; the body's text is decoded when first read (fetchedBody), not held. */
export function unpackEntry(packed: PackedEntry): StoredFetch {
  const meta = metaOf(packed.meta);
  const { body, redirects, hops, ...rest } = meta.result;
  return {
    fetchedAt: meta.fetchedAt,
    result: {
      ...rest,
      hops: hops ?? hopsOf(redirects, rest.finalUrl),
      body: body && packed.body ? fetchedBody(packed.body, body.kind, body.charset) : null,
    },
  };
}

/** The hops back: each one's location is the URL it led to (the next hop's, or the final URL). */
function hopsOf(redirects: Meta['result']['redirects'], finalUrl: string): RedirectHop[] {
  if (!redirects) return [];
  return redirects.urls.map((url, i) => ({
    url,
    statusCode: redirects.statuses[i]!,
    location: redirects.urls[i + 1] ?? finalUrl,
  }));
}

/**
 * The entry packed with a copy of its body in memory of its own, as the memory cache keeps it
 * (`meta`: its packMeta, if already made). A large body kept in pieces is copied from them,
 * unjoined, so the pieces can still move to a worker (fetch/kept-bytes.ts).
 */
export function ownedEntry(entry: StoredFetch, meta: Buffer = packMeta(entry)): PackedEntry {
  const body = entry.result.body;
  return { meta, body: body ? bodyCopy(body) : null };
}

/** Bytes of the entry's meta and body: what its buffers hold once the entry owns them. */
export function packedLength(packed: PackedEntry): number {
  return packed.meta.length + (packed.body ? packed.body.length : 0);
}

/** Bytes of memory the entry's two buffers hold. */
export function packedBytes(packed: PackedEntry): number {
  return packed.meta.buffer.byteLength + (packed.body ? packed.body.buffer.byteLength : 0);
}

/** One buffer for a store outside the process: [1 if a body follows, else 0][meta length, u32 BE][meta][body]. */
export function toWire(packed: PackedEntry): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt8(packed.body ? 1 : 0, 0);
  head.writeUInt32BE(packed.meta.length, 1);
  return Buffer.concat(packed.body ? [head, packed.meta, packed.body] : [head, packed.meta]);
}

/**
 * The parts of a wire buffer, as views into it (it is read for one call and dropped, so nothing
 * is copied). Throws on a value that is not an entry in this format.
 */
export function fromWire(wire: Buffer): PackedEntry {
  if (wire.length < 5 || wire[0]! > 1) throw new Error('not a cache entry');
  const metaEnd = 5 + wire.readUInt32BE(1);
  if (metaEnd > wire.length) throw new Error('cache entry cut short');
  return { meta: wire.subarray(5, metaEnd), body: wire[0] === 1 ? wire.subarray(metaEnd) : null };
}
