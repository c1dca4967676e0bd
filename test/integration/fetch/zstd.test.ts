// zstd content encoding against a real loopback server: asked for, decoded (alone, stacked, many frames),
// and a frame that asks for a window over HTTP's 8 MiB refused before its window is allocated.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

const CAP = 1024 * 1024;
const PAGE = Buffer.from('<p>compressed ünïcode</p>');
const { ZSTD_c_windowLog } = zlib.constants;

// path -> [Content-Encoding, body]
const BODIES: Record<string, [string, Buffer]> = {
  '/page': ['zstd', zlib.zstdCompressSync(PAGE)],
  '/stacked': ['zstd, gzip', zlib.gzipSync(zlib.zstdCompressSync(PAGE))],
  // Two frames, sent in one write: Node's decoder alone would stop at the end of the first.
  '/frames': [
    'zstd',
    Buffer.concat([zlib.zstdCompressSync(PAGE.subarray(0, 10)), zlib.zstdCompressSync(PAGE.subarray(10))]),
  ],
  // 64 MiB of spaces with a 64 MiB window: a decoder that honoured it would allocate it first.
  // (A bomb within HTTP's window: hostile-servers.test.ts.)
  '/wide': ['zstd', zlib.zstdCompressSync(Buffer.alloc(64 * CAP, 0x20), { params: { [ZSTD_c_windowLog]: 27 } })],
  '/corrupt': ['zstd', Buffer.from('not a zstd frame at all')],
};

let site: LoopbackServer;
let fetcher: Fetcher;
let acceptEncoding = '';

before(async () => {
  site = await startServer((req, res) => {
    acceptEncoding = req.headers['accept-encoding'] ?? '';
    const [encoding, body] = BODIES[req.url!]!;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-encoding': encoding,
      'content-length': body.length,
    });
    res.end(body);
  });
  fetcher = createFetcher(testConfig({ maxRetries: 0, maxBodyBytes: CAP }));
});
after(async () => {
  await fetcher.close();
  await site.close();
});

test('zstd is asked for and decoded: alone, under gzip, and in several frames', async () => {
  for (const path of ['/page', '/stacked', '/frames']) {
    const r = await fetcher.fetchPage(`${site.origin}${path}`, { timeoutMs: 3000 });
    assert.equal(r.body!.text, '<p>compressed ünïcode</p>', path);
  }
  assert.match(acceptEncoding, /\bzstd\b/);
});

test('a zstd frame that asks for a window over 8 MiB, or is not zstd: upstream_error in our words', async () => {
  const cases: Array<[string, RegExp]> = [
    ['/wide', /^The body's zstd data needs a window over 8 MiB to decompress, more than HTTP allows/],
    ['/corrupt', /^The body's zstd data is corrupt: it could not be decompressed\.$/],
  ];
  for (const [path, message] of cases) {
    await assert.rejects(fetcher.fetchPage(`${site.origin}${path}`, { timeoutMs: 5000 }), (err: FetchFailure) => {
      assert.equal(err.code, 'upstream_error', path);
      assert.match(err.message, message, path);
      assert.equal(err.partial.statusCode, 200, path);
      return true;
    });
  }
});
