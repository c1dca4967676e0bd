// While hostile targets (trickled bodies, endless bodies, compression bombs) are being fetched,
// the service keeps answering other callers, and each hostile call still ends in a proper item.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serve, type RunningServer } from '../../../src/http/serve.js';
import { post } from '../../support/post-tool.js';
import { startHostileSite, type HostileSite } from '../../support/hostile-site.js';
import { testConfig } from '../../support/loopback-server.js';

describe('the service under hostile targets', () => {
  let site: HostileSite;
  let server: RunningServer;
  before(async () => {
    site = await startHostileSite({ bombMiB: 64 });
    server = await serve(testConfig({ host: '127.0.0.1', port: 0, maxBodyBytes: 2 * 1024 * 1024 }));
  });
  after(async () => {
    await server.shutdown('test over');
    await site.close();
  });

  it('keeps answering other requests while bombs, endless and trickled bodies are fetched', async () => {
    let hostileSettled = 0;
    const hostilePaths = ['/trickle-body', '/trickle-body', '/endless', '/gzip-bomb', '/br-bomb'];
    const hostile = hostilePaths.map((p) =>
      post(server.address, 'clean_web_content', { url: `${site.origin}${p}`, timeout: 4 }).finally(
        () => hostileSettled++,
      ),
    );

    const health = await fetch(`${server.address}/healthz`);
    assert.equal(health.status, 200);
    const probe = await post(server.address, 'check_url_status', { url: `${site.origin}/html` });
    assert.equal(probe.status, 200);
    assert.equal(probe.json.data.results[0]!.data?.ok, true);
    // The trickled bodies run until their 4 s deadline: the answers above came while they were in flight.
    assert.ok(hostileSettled < hostilePaths.length, 'the other calls were answered while hostile fetches ran');

    const results = await Promise.all(hostile);
    for (const [i, r] of results.entries()) {
      assert.equal(r.status, 200, hostilePaths[i]);
      const item = r.json.data.results[0]!;
      if (hostilePaths[i] === '/trickle-body') {
        assert.equal(item.meta.error?.code, 'timeout');
      } else {
        // Cut at the cap, never the whole decoded bomb or the endless stream.
        assert.equal(item.meta.truncated, true, hostilePaths[i]);
      }
    }
  });
});
