// Several hostile callers cannot lock another caller out of the body memory (issue 31 row 6, an
// attacker with six API keys): six callers' slow 5 MiB bodies, two each, arrive in the order that
// leaves least room (three quarters of the budget taken by whole bodies, then shares of callers
// within their fair share, then the oldest share's whole body, past the budget), and stay, a
// byte every 5 s; a seventh caller's small pages still answer at once, within a deadline far
// shorter than the time those bodies hold their shares.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { serve, type RunningServer } from '../../../src/http/serve.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { postAs } from '../../support/post-tool.js';
import { until } from '../../support/until.js';

const MiB = 1024 * 1024;
const HONEST = 'honest-key-0123456789';
const HOSTILE = Array.from({ length: 6 }, (_, i) => `hostile-key-${i}-0123456789`);
const SMALL_PAGE =
  '<!doctype html><title>Small page</title><article><h1>Small page</h1><p>' +
  'An honest paragraph of an ordinary page. '.repeat(20) +
  '</p></article>';
/** About 5 MiB of paragraphs (under the 5 MiB body cap): a share of 15 MiB once read. */
const BULK = (() => {
  const para = '<p>' + 'Words of a long page that goes on and on. '.repeat(8) + '</p>\n';
  return Buffer.from(`<!doctype html><title>Slow</title><article>${para.repeat((5 * MiB - 4096) / para.length)}`);
})();
/** The budget's share of a whole slow body, and the first share every body takes (3 bytes a byte). */
const WHOLE = 15 * MiB;
const FIRST = 3 * 64 * 1024;

describe('body memory between several callers', () => {
  let honestSite: LoopbackServer;
  /** One site per hostile caller (a host's connection slots are not what this is about). */
  const sites: LoopbackServer[] = [];
  let server: RunningServer;
  /** Each slow body's response, by its id, once its request arrived; its bytes are sent on `send`. */
  const arrived = new Map<string, ServerResponse>();
  const open = new Set<ServerResponse>();

  before(async () => {
    honestSite = await startServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(SMALL_PAGE);
    });
    for (let i = 0; i < HOSTILE.length; i++)
      sites.push(
        await startServer(
          (req, res) => {
            open.add(res);
            res.on('close', () => open.delete(res));
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            res.flushHeaders();
            arrived.set(new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '', res);
          },
          `127.0.0.${21 + i}`,
        ),
      );
    server = await serve(
      testConfig({
        host: '127.0.0.1',
        port: 0,
        allowCidrs: ['127.0.0.2/32', '127.0.0.16/28'],
        apiKeys: [HONEST, ...HOSTILE],
        rateLimitMax: 0,
        // The slow bodies hold their shares for the whole test, however slow the machine: the
        // minimum transfer rate would cut them after 10 s (and that is not what this is about).
        minBodyRateWindowMs: 120_000,
      }),
    );
  });
  after(async () => {
    for (const res of open) res.destroy();
    await server.shutdown('test over');
    await Promise.all([honestSite.close(), ...sites.map((s) => s.close())]);
  });

  async function call(key: string, url: string, timeout: number, signal?: AbortSignal) {
    const { status, items } = await postAs(server.address, key, 'clean_web_content', { url, timeout }, signal);
    return { status, error: items[0]?.meta.error };
  }

  it("keeps a small page's room from six callers' slow bodies and the oldest share's overcommit", async () => {
    const budget = server.app.urlkit.admission.bodyMemory!;
    // Far within the time the slow bodies hold their shares (their calls' 60 s).
    const honestPage = () => call(HONEST, `${honestSite.origin}/page`, 10);
    // The honest caller is active (as one with steady work is), and both worker threads are up:
    // a thread loads the extraction modules and the token encoding, over 10 s on a loaded
    // machine, and a page waiting for that is not what this is about. A try that times out is
    // sent again.
    const fine = (r: Awaited<ReturnType<typeof honestPage>>) => r.status === 200 && r.error === undefined;
    for (let i = 0; i < 20 && !(await Promise.all([honestPage(), honestPage()])).every(fine); i++);

    // Twelve slow bodies, two a caller, started one after another: their shares are taken in
    // this order, so the first is the oldest live share.
    const stop = new AbortController();
    const hog: Array<Promise<unknown>> = [];
    const ids: string[] = [];
    for (let c = 0; c < HOSTILE.length; c++)
      for (const b of ['a', 'b']) {
        const id = `${c}${b}`;
        ids.push(id);
        const leases = budget.stats().leases;
        hog.push(call(HOSTILE[c]!, `${sites[c]!.origin}/slow?id=${id}`, 60, stop.signal).catch(() => null));
        await until(`body ${id} takes its first share`, () => arrived.has(id) && budget.stats().leases > leases);
      }
    assert.equal(budget.stats().usedBytes, ids.length * FIRST);

    // Then their bytes, one body at a time, each read as far as the budget lets it (whole, or
    // until its share waits); the oldest last, as it is never kept waiting.
    for (const id of [...ids.slice(1), ids[0]!]) {
      const { usedBytes, waiting } = budget.stats();
      arrived.get(id)!.write(BULK);
      await until(
        `body ${id} is read or waits`,
        () => budget.stats().waiting > waiting || budget.stats().usedBytes === usedBytes + WHOLE - FIRST,
      );
    }
    const held = budget.stats();
    assert.ok(held.usedBytes > held.limitBytes - FIRST, `the slow bodies hold ${held.usedBytes / MiB} MiB`);

    const pages = await Promise.all([honestPage(), honestPage(), honestPage()]);
    for (const page of pages) assert.deepEqual(page, { status: 200, error: undefined });
    assert.ok(budget.stats().usedBytes <= budget.limitBytes + WHOLE, 'over the budget by one body at most');

    stop.abort();
    for (const res of open) res.destroy();
    await Promise.all(hog);
  });
});
