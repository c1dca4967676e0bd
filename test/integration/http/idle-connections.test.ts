// A connection whose body has brought no bytes for a second still counts for its own caller but
// no longer keeps other callers out of the host's slots (fetch/body-idleness.ts, issue 31 row 6).
// An attacker with six API keys, two trickling bodies each, holds every connection slot of a
// host (its four and the one beyond them), and its bodies would hold them until their own
// deadline; another caller's page of that host, a whole body to read (not a status probe, which
// the short-request rule lets past), must still get a connection and answer within its timeout.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { serve, type RunningServer } from '../../../src/http/serve.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { postAs } from '../../support/post-tool.js';
import { until } from '../../support/until.js';

const HONEST = 'honest-key-0123456789';
const HOSTILE = Array.from({ length: 6 }, (_, i) => `hostile-key-${i}-0123456789`);
const SMALL_PAGE =
  '<!doctype html><title>Small page</title><article><h1>Small page</h1><p>' +
  'An honest paragraph of an ordinary page. '.repeat(20) +
  '</p></article>';
/** A trickling body's first bytes: a few KiB, nothing the body memory notices. */
const HEAD = '<!doctype html><title>Trickle</title><article><p>' + 'Slowly. '.repeat(1024);
/** The trickle: one byte this often, so each body is idle most of the time. */
const TRICKLE_MS = 5000;
/** The honest caller's timeout (s): far shorter than the trickling bodies hold their slots. */
const HONEST_TIMEOUT_S = 5;

describe('idle connections and other callers', () => {
  let site: LoopbackServer;
  let server: RunningServer;
  let trickles = 0;
  const open = new Set<ServerResponse>();

  before(async () => {
    site = await startServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const html = { 'content-type': 'text/html; charset=utf-8' };
      if (path === '/page') return res.writeHead(200, html).end(SMALL_PAGE);
      if (path !== '/trickle') return res.writeHead(404).end();
      trickles++;
      open.add(res);
      res.writeHead(200, html);
      res.write(HEAD);
      const t = setInterval(() => res.write(' '), TRICKLE_MS);
      res.on('close', () => {
        clearInterval(t);
        open.delete(res);
      });
    });
    server = await serve(
      testConfig({
        port: 0,
        apiKeys: [HONEST, ...HOSTILE],
        rateLimitMax: 0,
        workerThreads: 2,
        // The minimum transfer rate would cut the trickling bodies after 10 s and free their
        // slots that way: off, so only the idle rule can let the honest page in.
        minBodyRate: 0,
      }),
    );
    // A loaded worker, so the honest page's time under attack is the host's wait, not a start.
    const warm = await postAs(server.address, HONEST, 'clean_web_content', { url: `${site.origin}/page` });
    assert.equal(warm.items[0]?.meta.error, undefined, JSON.stringify(warm.items[0]?.meta.error));
  });
  after(async () => {
    for (const res of open) res.destroy();
    await server.shutdown('test over');
    await site.close();
  });

  it("gives another caller's page a connection while the host's slots hold only idle trickling bodies", async () => {
    const stop = new AbortController();
    const hostile = HOSTILE.flatMap((key, k) =>
      [0, 1].map((i) =>
        postAs(
          server.address,
          key,
          'clean_web_content',
          { url: `${site.origin}/trickle?k=${k}&i=${i}`, timeout: 60 },
          stop.signal,
        ).catch(() => null),
      ),
    );
    // The host's four connections and the one beyond them are all trickling bodies'.
    await until('the trickling bodies hold the host', () => trickles >= 5);
    const { status, items } = await postAs(server.address, HONEST, 'clean_web_content', {
      url: `${site.origin}/page`,
      timeout: HONEST_TIMEOUT_S,
    });
    assert.equal(status, 200);
    assert.equal(items[0]!.meta.error, undefined, JSON.stringify(items[0]!.meta.error));
    assert.equal(items[0]!.data!.title, 'Small page');
    assert.ok(open.size >= 5, 'the trickling bodies were still open when the page answered');
    stop.abort();
    await Promise.all(hostile);
  });
});
