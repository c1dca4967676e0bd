// The shared cache: one Redis for every API and worker process. Bodies travel as base64 inside a
// JSON document. Commands fail at once while Redis is unreachable (no offline queue), and a
// failed command is a miss, so a lost Redis costs fetches, never a hang.
import { createRequire } from 'node:module';
import type { Redis as RedisClass } from 'ioredis';
import { fetchedBody } from '../fetch/fetched-body.js';
import type { BodyKind, FetchResult } from '../fetch/types.js';
import { MAX_AGE_LIMIT_S, type FetchCache, type StoredFetch } from './cache.js';

const KEY_PREFIX = 'urlkit:cache:';

/** The body travels as its bytes, kind and charset: the text is decoded again where it is read. */
interface Wire {
  fetchedAt: string;
  result: Omit<FetchResult, 'body'> & { body: { bytes: string; kind: BodyKind; charset: string | null } | null };
}

export function encodeEntry(entry: StoredFetch): string {
  const { body, ...rest } = entry.result;
  const wire: Wire = {
    fetchedAt: entry.fetchedAt,
    result: {
      ...rest,
      body: body ? { bytes: body.bytes.toString('base64'), kind: body.kind, charset: body.charset } : null,
    },
  };
  return JSON.stringify(wire);
}

export function decodeEntry(raw: string): StoredFetch {
  const wire = JSON.parse(raw) as Wire;
  const { body, ...rest } = wire.result;
  return {
    fetchedAt: wire.fetchedAt,
    result: { ...rest, body: body ? fetchedBody(Buffer.from(body.bytes, 'base64'), body.kind, body.charset) : null },
  };
}

// Loaded on first use, so processes without Redis never load ioredis.
const require = createRequire(import.meta.url);

export function createRedisCache(redisUrl: string, onError: (err: Error) => void): FetchCache {
  const { Redis } = require('ioredis') as { Redis: typeof RedisClass };
  const client = new Redis(redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectionName: 'urlkit-cache',
  });
  client.on('error', onError);
  return {
    async get(key) {
      const raw = await client.getBuffer(KEY_PREFIX + key);
      return raw ? decodeEntry(raw.toString('utf8')) : undefined;
    },
    async set(key, entry) {
      await client.set(KEY_PREFIX + key, encodeEntry(entry), 'EX', MAX_AGE_LIMIT_S);
    },
    async close() {
      client.disconnect();
    },
  };
}
