// The longest URL fetched (MAX_URL_CHARS, 8,192 characters) through the HTTP API: a redirect to a
// longer one ends that item at its hop, a requested URL longer once percent-encoded is the
// caller's bad URL, and the other items of the same batch are answered as ever (issue 31 row 4).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import {
  FOLLOWED_LOCATION_BYTES,
  fatChainUrl,
  followedFatChainUrl,
  serveFatChain,
} from '../../support/hostile-pages.js';
import { injectToolResults } from '../../support/inject-tool.js';

let app: FastifyInstance;
let site: LoopbackServer;
const asked: string[] = [];

before(async () => {
  site = await startServer((req, res) => {
    asked.push(new URL(req.url!, 'http://x').pathname);
    if (serveFatChain(req, res)) return;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<html><head><title>A plain page</title></head><body><p>Plain.</p></body></html>');
  });
  app = await buildApp(testConfig({ rateLimitMax: 0, maxRetries: 0 }), { logStream: { write() {} } });
});
after(async () => {
  await app.close();
  await site.close();
});

type Data = { title?: string | null; reason?: string | null };
const call = (tool: string, body: Record<string, unknown>) =>
  injectToolResults<Data>(app, tool, { timeout: 10, ...body });

describe('URLs longer than 8,192 characters', () => {
  it('a metadata batch: the 15 KB redirect ends its item at the first hop, the others are answered', async () => {
    asked.length = 0;
    const items = [
      fatChainUrl(site.origin, 'issue'),
      `${site.origin}/plain`,
      `${site.origin}/${'é'.repeat(2000)}`,
      followedFatChainUrl(site.origin, 'followed'),
    ];
    const [fat, plain, encoded, followed] = await call('get_url_metadata', { items });
    assert.equal(fat!.meta.error?.code, 'upstream_error', JSON.stringify(fat));
    assert.match(fat!.meta.error.message, /Location is longer than 8,192 characters/);
    assert.equal(plain!.meta.error, undefined, JSON.stringify(plain));
    assert.equal(plain!.data?.title, 'A plain page');
    assert.equal(encoded!.meta.error?.code, 'invalid_url', JSON.stringify(encoded));
    assert.match(encoded!.meta.error.message, /once percent-encoded/);
    assert.equal(followed!.meta.error, undefined, JSON.stringify(followed).slice(0, 500));
    assert.equal(asked.filter((p) => p.startsWith('/fat/issue/')).length, 1, 'the long Location is not requested');
    assert.equal(
      asked.filter((p) => p.startsWith(`/fat${FOLLOWED_LOCATION_BYTES}/followed/`)).length,
      11,
      'ten hops and the page',
    );
    assert.ok(!asked.some((p) => p.includes('%C3%A9')), 'the over-long URL is not requested');
  });

  it('every tool answers the 15 KB redirect without following it', async () => {
    for (const tool of ['clean_web_content', 'clean_web_index', 'check_url_status']) {
      asked.length = 0;
      const [item] = await call(tool, { url: fatChainUrl(site.origin, tool) });
      const outcome = item!.meta.error?.code ?? item!.data?.reason;
      assert.equal(outcome, 'upstream_error', `${tool}: ${JSON.stringify(item).slice(0, 500)}`);
      // (The status probe may ask twice: HEAD, then GET.)
      assert.ok(asked.length > 0 && asked.every((p) => p === `/fat/${tool}/10`), `${tool}: ${asked.join(', ')}`);
    }
  });
});
