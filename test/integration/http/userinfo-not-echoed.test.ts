// Credentials written in a URL (`http://user:pw@host/`) are sent to that origin as Basic auth and
// never shown back: not in url, final_url, redirect_history, messages, on any tool, on success or
// failure. A user name or password that is not valid percent-encoding is the caller's bad URL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/http/build-app.js';
import { testConfig } from '../../support/loopback-server.js';
import { startHostileSite, type HostileSite } from '../../support/hostile-site.js';

let app: FastifyInstance;
let site: HostileSite;

before(async () => {
  site = await startHostileSite();
  app = await buildApp(testConfig({ rateLimitMax: 0, maxRetries: 0 }), { logStream: { write() {} } });
});
after(async () => {
  await app.close();
  await site.close();
});

const TOOLS = ['clean_web_content', 'clean_web_index', 'get_url_metadata', 'check_url_status'];

interface Shown {
  url: string;
  final_url: string | null;
}
interface Item {
  data: (Shown & { redirect_count: number; redirect_history: Array<{ location: string }> }) | null;
  meta: Shown & { error?: { code: string; message: string } };
}

async function call(tool: string, url: string): Promise<{ raw: string; item: Item }> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/tools/${tool}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ url, timeout: 5 }),
  });
  assert.equal(res.statusCode, 200, res.body);
  return { raw: res.body, item: res.json<{ data: { results: Item[] } }>().data.results[0]! };
}

describe('userinfo in a URL', () => {
  it('a malformed %-escape in the user name or password is invalid_url, and nothing of it is echoed', async () => {
    for (const userinfo of ['zq%zzx:secret-pw', 'zqx:secret%E0%A4%A', 'zqx%:secret-pw']) {
      const url = `${site.origin.replace('http://', `http://${userinfo}@`)}/html`;
      for (const tool of TOOLS) {
        const { raw, item } = await call(tool, url);
        assert.equal(item.meta.error?.code, 'invalid_url', `${tool} ${userinfo}: ${raw}`);
        assert.match(item.meta.error?.message ?? '', /percent-encoding/);
        assert.ok(!raw.includes('secret'), `${tool} echoed the password: ${raw}`);
        assert.ok(!raw.includes('zq'), `${tool} echoed the user name: ${raw}`);
      }
    }
    assert.equal(site.hits('/html'), 0, 'a URL whose credentials cannot be sent was fetched');
  });

  it('valid credentials are sent as Basic auth and never shown, through a redirect too', async () => {
    const url = `${site.origin.replace('http://', 'http://alice:s3cret@')}/redirect/302?to=/echo`;
    for (const tool of TOOLS) {
      // /echo answers JSON: the cleaners call that unsupported, the others read it.
      const { raw, item } = await call(tool, url);
      assert.notEqual(item.meta.error?.code, 'invalid_url', `${tool}: ${raw}`);
      assert.ok(!raw.includes('s3cret') && !raw.includes('alice'), `${tool} echoed the credentials: ${raw}`);
      const shown: Shown = tool === 'check_url_status' ? item.data! : item.meta;
      assert.equal(shown.url, `${site.origin}/redirect/302?to=/echo`, tool);
      assert.equal(shown.final_url, `${site.origin}/echo`, tool);
    }
    const sent = site.lastHeaders('/echo')?.authorization;
    assert.equal(sent, `Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
  });

  it("a redirect Location's credentials are not shown in redirect_history", async () => {
    const to = `${site.origin.replace('http://', 'http://bob:hunter2@')}/html`;
    const { raw, item } = await call('check_url_status', `${site.origin}/redirect/301?to=${encodeURIComponent(to)}`);
    assert.equal(item.data!.redirect_count, 1, raw);
    // (The requested URL itself carries the target in its query: only the hop's Location is checked.)
    assert.equal(item.data!.redirect_history[0]!.location, `${site.origin}/html`, raw);
    assert.equal(item.data!.final_url, `${site.origin}/html`);
  });
});
