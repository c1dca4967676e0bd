// A brotli or zstd decoder's window is memory the target chooses: it counts against the body-memory
// budget from the moment the stream's header names it until the body is read, so a body paused
// for memory no longer holds a window nobody counted. Its return is not garbage of the main thread's.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { until } from '../../support/until.js';
import { admissionWithBudget } from '../../support/budget-admission.js';
import { compressStream } from '../../support/compress-stream.js';
import { BYTES_PER_BODY_BYTE } from '../../../src/admission/body-memory.js';

const MiB = 1024 * 1024;
const WAIT_MS = 30_000;
const TEXT = Buffer.from(`<p>${'a page of words, '.repeat(2000)}</p>`);

// Streamed compressors name the window they were given: brotli 16 MiB, zstd 8 MiB.
const BODIES = {
  br: compressStream(zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 24 } }), [TEXT]),
  zstd: compressStream(zlib.createZstdCompress({ params: { [zlib.constants.ZSTD_c_windowLog]: 23 } }), [TEXT]),
};
const WINDOWS = { br: 16 * MiB, zstd: 8 * MiB };

let site: LoopbackServer;
let fetcher: Fetcher;
/** Sends the rest of every body held at its first bytes. */
let release: () => void = () => {};
let released = Promise.resolve();

before(async () => {
  site = await startServer((req, res) => {
    const encoding = req.url!.slice(1) as keyof typeof BODIES;
    void BODIES[encoding].then(async (body) => {
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': encoding,
        'content-length': body.length,
      });
      // The header and a little more, then the rest once released.
      res.write(body.subarray(0, 16));
      await released;
      res.end(body.subarray(16));
    });
  });
  fetcher = createFetcher(testConfig({ maxRetries: 0 }));
});
after(async () => {
  release();
  await fetcher.close();
  await site.close();
});

describe("a decoder's window in the body-memory budget", () => {
  for (const encoding of ['br', 'zstd'] as const) {
    it(`${encoding}: counted while the body is read, so a second such body waits; given back after`, async () => {
      released = new Promise<void>((r) => (release = r));
      // Room for one window and the bodies' first shares, not for two windows.
      const { admission, budget } = admissionWithBudget(WINDOWS[encoding] + 4 * MiB);
      const fetchOne = () =>
        admission.run('t', undefined, () => fetcher.fetchPage(`${site.origin}/${encoding}`, { timeoutMs: 20_000 }));
      const first = fetchOne();
      await until('the first body holds its window', () => budget.stats().usedBytes >= WINDOWS[encoding], WAIT_MS);
      const second = fetchOne();
      await until('the second body waits for memory', () => budget.stats().waiting === 1, WAIT_MS);
      await sleep(100);
      assert.ok(budget.stats().usedBytes < 2 * WINDOWS[encoding], 'only one window is held');
      release();
      for (const r of await Promise.all([first, second])) assert.equal(r.body!.text, TEXT.toString());
      assert.equal(budget.stats().usedBytes, 0, 'both calls ended: every share is back');
    });

    it(`${encoding}: the window's return is not heard as main-thread garbage, the kept bytes' is`, async () => {
      released = Promise.resolve();
      const { admission, budget } = admissionWithBudget(WINDOWS[encoding] + 4 * MiB);
      // What the service's full collections are paced by (admission/idle-gc.ts): a window heard
      // as garbage made the main thread collect its whole heap every few compressed pages.
      const heard: number[] = [];
      budget.onReleased = (bytes) => heard.push(bytes);
      const r = await admission.run('t', undefined, () =>
        fetcher.fetchPage(`${site.origin}/${encoding}`, { timeoutMs: 20_000 }),
      );
      assert.equal(r.body!.text, TEXT.toString());
      assert.equal(budget.stats().usedBytes, 0, 'the call ended: its share is back');
      assert.deepEqual(heard, [BYTES_PER_BODY_BYTE * TEXT.length]);
    });
  }
});
