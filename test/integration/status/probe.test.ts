// check_url_status run() end to end through the real shared fetcher against loopback servers.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { pino } from 'pino';
import { checkUrlStatus, type StatusInput } from '../../../src/tools/check-url-status.js';
import { createServices, type Services } from '../../../src/app/services.js';
import type { ToolContext } from '../../../src/tools/types.js';
import type { StatusData, StatusMeta } from '../../../src/tools/status/probe.js';
import { FIXTURE_HOST, startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { HTML_BYTES, startStatusSite, type StatusSite } from '../../support/status-site.js';

const config = testConfig();
let services: Services;
let site: StatusSite;
let forbiddenHost: LoopbackServer;
let refusedOrigin: string;

const ajv = new Ajv({ allErrors: true, strict: false });
const validData = ajv.compile(checkUrlStatus.itemDataSchema);
const validMeta = ajv.compile(checkUrlStatus.itemMetaSchema);

async function probe(url: string, extra: Partial<StatusInput> = {}) {
  const ctx: ToolContext = {
    config,
    services,
    logger: pino({ level: 'silent' }),
    signal: new AbortController().signal,
    correlationId: '00000000-0000-4000-8000-000000000000',
  };
  const items = await checkUrlStatus.run({ url, follow_redirects: true, timeout: 5, ...extra }, ctx);
  assert.equal(items.length, 1);
  const item = items[0]!;
  // Every result, success or failure, carries every documented field and nothing else.
  assert.ok(validData(item.data), JSON.stringify(validData.errors));
  assert.ok(validMeta(item.meta), JSON.stringify(validMeta.errors));
  // The schemas just checked say so.
  return item as { data: StatusData; meta: StatusMeta };
}

before(async () => {
  services = createServices(config);
  site = await startStatusSite();
  forbiddenHost = await startServer((_req, res) => res.end('secret'), '127.0.0.1');
  const gone = await startServer((_req, res) => res.end());
  refusedOrigin = gone.origin;
  await gone.close();
});

after(async () => {
  await services.close();
  await site.close();
  await forbiddenHost.close();
});

describe('check_url_status against live servers', () => {
  it('reports a 200 HTML page from a HEAD probe without redirects', async () => {
    const { data, meta } = await probe(`${site.origin}/ok`);
    assert.equal(data.status_code, 200);
    assert.equal(data.ok, true);
    assert.equal(data.reason, 'ok');
    assert.equal(data.probe_method, 'HEAD');
    assert.equal(data.final_url, `${site.origin}/ok`);
    assert.equal(data.url_changed, false);
    assert.equal(data.is_html, true);
    assert.equal(data.content_type, 'text/html; charset=utf-8');
    assert.equal(data.content_length, HTML_BYTES);
    assert.equal(data.redirect_count, 0);
    assert.deepEqual(data.redirect_history, []);
    assert.equal(data.retry_after_s, null);
    assert.equal(data.timings.total_ms, data.response_time_ms);
    assert.deepEqual(meta, { url: `${site.origin}/ok`, via_proxy: false, retries: 0 });
    assert.deepEqual(
      site.hits('/ok').map((r) => r.method),
      ['HEAD'],
    );
  });

  it('falls back to GET when HEAD is answered 405', async () => {
    const { data, meta } = await probe(`${site.origin}/head-405`);
    assert.equal(data.status_code, 200);
    assert.equal(data.ok, true);
    assert.equal(data.probe_method, 'GET');
    assert.equal(data.is_html, true);
    assert.equal(meta.error, undefined);
    assert.deepEqual(
      site.hits('/head-405').map((r) => r.method),
      ['HEAD', 'GET'],
    );
  });

  it('falls back to GET when HEAD is answered 501', async () => {
    const { data } = await probe(`${site.origin}/head-501`);
    assert.equal(data.status_code, 200);
    assert.equal(data.probe_method, 'GET');
  });

  it('falls back to GET when the server drops the connection on HEAD', async () => {
    const { data, meta } = await probe(`${site.origin}/head-drop`);
    assert.equal(data.status_code, 200);
    assert.equal(data.ok, true);
    assert.equal(data.probe_method, 'GET');
    assert.equal(meta.error, undefined);
    const methods = site.hits('/head-drop').map((r) => r.method);
    assert.equal(methods.at(-1), 'GET');
    assert.ok(
      methods.slice(0, -1).every((m) => m === 'HEAD'),
      methods.join(','),
    );
  });

  it('falls back to GET when the server answers HEAD with something that is not HTTP', async () => {
    const { data, meta } = await probe(`${site.origin}/head-garbage`);
    assert.equal(data.status_code, 200);
    assert.equal(data.probe_method, 'GET');
    assert.equal(meta.error, undefined);
  });

  it('reports a TLS failure as tls_error without a GET fallback', async () => {
    const { data, meta } = await probe(`${site.origin.replace('http:', 'https:')}/ok`);
    assert.equal(data.ok, false);
    assert.equal(data.status_code, null);
    assert.equal(data.reason, 'tls_error');
    assert.equal(meta.error?.code, 'tls_error');
    assert.equal(data.probe_method, 'HEAD');
  });

  it('reports the GET failure when HEAD is refused and GET is dropped', async () => {
    const { data, meta } = await probe(`${site.origin}/head-405-get-drop`);
    assert.equal(data.ok, false);
    assert.equal(data.status_code, null);
    assert.equal(data.probe_method, 'GET');
    assert.equal(meta.error?.code, 'connect_error');
    assert.equal(data.reason, 'connect_error');
  });

  it('keeps the HEAD answer when the confirming GET fails', async () => {
    const { data, meta } = await probe(`${site.origin}/head-404-get-drop`);
    assert.equal(data.status_code, 404);
    assert.equal(data.reason, 'client_error');
    assert.equal(data.probe_method, 'HEAD');
    assert.equal(meta.error, undefined);
    assert.equal(site.hits('/head-404-get-drop').at(-1)?.method, 'GET');
  });

  it('does not read the body on the GET fallback', async () => {
    const { data } = await probe(`${site.origin}/endless-get`, { timeout: 3 });
    assert.equal(data.status_code, 200);
    assert.equal(data.probe_method, 'GET');
    assert.equal(data.is_html, false);
    assert.equal(data.content_length, null);
  });

  it('falls back to GET when HEAD gets an error that GET does not', async () => {
    const { data } = await probe(`${site.origin}/head-404`);
    assert.equal(data.status_code, 200);
    assert.equal(data.ok, true);
    assert.equal(data.probe_method, 'GET');
  });

  it('reports 404 and 500 as data with their class, confirmed by GET', async () => {
    const missing = await probe(`${site.origin}/missing`);
    assert.equal(missing.data.status_code, 404);
    assert.equal(missing.data.ok, false);
    assert.equal(missing.data.reason, 'client_error');
    assert.equal(missing.data.probe_method, 'GET');
    assert.equal(missing.meta.error, undefined);
    assert.deepEqual(
      site.hits('/missing').map((r) => r.method),
      ['HEAD', 'GET'],
    );
    const broken = await probe(`${site.origin}/broken`);
    assert.equal(broken.data.status_code, 500);
    assert.equal(broken.data.ok, false);
    assert.equal(broken.data.reason, 'server_error');
  });

  it('follows a 301/302/307/308 chain with relative locations and reports every hop', async () => {
    const { data } = await probe(`${site.origin}/chain/a`);
    assert.equal(data.status_code, 200);
    assert.equal(data.ok, true);
    assert.equal(data.final_url, `${site.origin}/ok`);
    assert.equal(data.url_changed, true);
    assert.equal(data.redirect_count, 4);
    assert.deepEqual(data.redirect_history, [
      { url: `${site.origin}/chain/a`, status_code: 301, location: 'b' },
      { url: `${site.origin}/chain/b`, status_code: 302, location: '/chain/c' },
      { url: `${site.origin}/chain/c`, status_code: 307, location: './d?from=c' },
      { url: `${site.origin}/chain/d?from=c`, status_code: 308, location: `${site.origin}/ok` },
    ]);
  });

  it('asks the next hop over a new connection when a server sends a body after its HEAD answer', async () => {
    // A server that answers HEAD /a with a redirect and then, against the rules, the body its
    // Content-Length announced, a moment later. Had the connection been kept for the next hop,
    // those bytes would have been read as the start of /b's answer.
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.on('error', () => {});
      socket.on('data', (chunk) => {
        const path = chunk.toString('latin1').split(' ')[1];
        if (path === '/a') {
          socket.write('HTTP/1.1 302 Found\r\nLocation: /b\r\nContent-Length: 20\r\nConnection: keep-alive\r\n\r\n');
          setTimeout(() => socket.writable && socket.write('x'.repeat(20)), 100);
        } else
          socket.write(
            'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n',
          );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, FIXTURE_HOST, resolve));
    try {
      const { port } = server.address() as net.AddressInfo;
      const { data, meta } = await probe(`http://${FIXTURE_HOST}:${port}/a`);
      assert.equal(meta.error, undefined);
      assert.equal(data.status_code, 200);
      assert.equal(data.probe_method, 'HEAD');
      assert.equal(data.redirect_count, 1);
      assert.equal(connections, 2);
    } finally {
      server.close();
    }
  });

  it('reports the first response as is when follow_redirects is false', async () => {
    const { data } = await probe(`${site.origin}/chain/a`, { follow_redirects: false });
    assert.equal(data.status_code, 301);
    assert.equal(data.ok, false);
    assert.equal(data.reason, 'redirect');
    assert.equal(data.final_url, `${site.origin}/chain/a`);
    assert.equal(data.url_changed, false);
    assert.equal(data.redirect_count, 0);
  });

  it('reports a redirect loop as too_many_redirects with reason redirect_loop and the hops seen', async () => {
    const { data, meta } = await probe(`${site.origin}/loop/a`);
    assert.equal(data.ok, false);
    assert.equal(data.status_code, null);
    assert.equal(meta.error?.code, 'too_many_redirects');
    assert.equal(data.reason, 'redirect_loop');
    assert.ok(data.redirect_count >= 2);
    assert.equal(data.redirect_history[0]?.url, `${site.origin}/loop/a`);
    assert.equal(data.redirect_history[1]?.url, `${site.origin}/loop/b`);
  });

  it('a chain one longer than the redirect limit: the limit is followed and counted, no more', async () => {
    const limit = testConfig().maxRedirects;
    const within = await probe(`${site.origin}/hops/${limit}`);
    assert.equal(within.data.status_code, 200);
    assert.equal(within.data.redirect_count, limit);
    const { data, meta } = await probe(`${site.origin}/hops/${limit + 1}`);
    assert.equal(meta.error?.code, 'too_many_redirects');
    assert.equal(data.reason, 'too_many_redirects');
    assert.equal(data.redirect_count, limit);
    assert.equal(data.redirect_history.length, limit);
    // Where the followed redirects led: the response there was one redirect too many.
    assert.equal(data.final_url, `${site.origin}/hops/1`);
    assert.equal(data.redirect_history.at(-1)?.location, '/hops/1');
    assert.match(meta.error?.message, new RegExp(`More than ${limit} redirects`));
  });

  it('an AWS WAF challenge (202, x-amzn-waf-action: challenge) is bot_protection, not ok', async () => {
    const { data, meta } = await probe(`${site.origin}/waf-challenge`);
    assert.equal(data.status_code, 202);
    assert.equal(data.reason, 'bot_protection');
    assert.equal(data.ok, false);
    assert.equal(meta.error, undefined, 'reported as data, like every challenge the probe sees');
  });

  it('reports 429 as rate_limited with retry_after_s at once, without retrying', async () => {
    const { data, meta } = await probe(`${site.origin}/rate-limited`);
    assert.equal(data.status_code, 429);
    assert.equal(data.ok, false);
    assert.equal(data.reason, 'rate_limited');
    assert.equal(data.retry_after_s, 120);
    assert.equal(meta.retries, 0);
    assert.equal(meta.error, undefined);
    assert.equal(site.hits('/rate-limited').length, 1);
  });

  it('does not sit out a short Retry-After either', async () => {
    const { data, meta } = await probe(`${site.origin}/rate-limited-short`);
    assert.equal(data.reason, 'rate_limited');
    assert.equal(data.retry_after_s, 1);
    assert.equal(meta.retries, 0);
    assert.equal(site.hits('/rate-limited-short').length, 1);
  });

  it('reports a 503 without the retries other tools make (one HEAD, one GET)', async () => {
    const { data, meta } = await probe(`${site.origin}/unavailable`);
    assert.equal(data.status_code, 503);
    assert.equal(data.reason, 'server_error');
    assert.equal(data.retry_after_s, null);
    assert.equal(meta.retries, 0);
    assert.deepEqual(
      site.hits('/unavailable').map((r) => r.method),
      ['HEAD', 'GET'],
    );
  });

  it('reads a Retry-After HTTP date on a 503', async () => {
    const { data } = await probe(`${site.origin}/rate-limited-date`);
    assert.equal(data.status_code, 503);
    assert.equal(data.reason, 'server_error');
    assert.ok(
      data.retry_after_s !== null && data.retry_after_s >= 89 && data.retry_after_s <= 90,
      String(data.retry_after_s),
    );
    // Told to come back later: no second request now, not even the GET fallback.
    assert.equal(data.probe_method, 'HEAD');
    assert.equal(site.hits('/rate-limited-date').length, 1);
  });

  it('recognises a challenge-style 403 as bot_protection', async () => {
    const { data } = await probe(`${site.origin}/challenge`);
    assert.equal(data.status_code, 403);
    assert.equal(data.ok, false);
    assert.equal(data.reason, 'bot_protection');
    assert.deepEqual(
      site.hits('/challenge').map((r) => r.method),
      ['HEAD'],
    );
    const plain = await probe(`${site.origin}/forbidden`);
    assert.equal(plain.data.status_code, 403);
    assert.equal(plain.data.reason, 'client_error');
  });

  it('recognises a bot-manager cookie on a 503', async () => {
    const { data } = await probe(`${site.origin}/challenge-cookie`);
    assert.equal(data.status_code, 503);
    assert.equal(data.reason, 'bot_protection');
  });

  it('reports a slow server past the timeout as data with reason timeout', async () => {
    const { data, meta } = await probe(`${site.origin}/slow`, { timeout: 0.5 });
    assert.equal(data.ok, false);
    assert.equal(data.status_code, null);
    assert.equal(data.reason, 'timeout');
    assert.equal(meta.error?.code, 'timeout');
    assert.equal(meta.error?.retryable, true);
    assert.equal(data.probe_method, 'HEAD');
  });

  it('reports a DNS failure for a .invalid name', async () => {
    const { data, meta } = await probe('http://no-such-host.invalid/');
    assert.equal(data.ok, false);
    assert.equal(data.status_code, null);
    assert.equal(data.reason, 'dns_error');
    assert.equal(meta.error?.code, 'dns_error');
    assert.equal(data.final_url, 'http://no-such-host.invalid/');
    assert.equal(data.is_html, false);
    assert.equal(data.content_type, null);
  });

  it('reports a refused connection as connect_error without a GET retry', async () => {
    const { data, meta } = await probe(`${refusedOrigin}/`);
    assert.equal(data.ok, false);
    assert.equal(data.status_code, null);
    assert.equal(data.reason, 'connect_error');
    assert.equal(meta.error?.code, 'connect_error');
    assert.equal(data.probe_method, 'HEAD');
  });

  it('blocks loopback and metadata addresses before connecting', async () => {
    const { data, meta } = await probe(`${forbiddenHost.origin}/`);
    assert.equal(data.ok, false);
    assert.equal(data.status_code, null);
    assert.equal(data.reason, 'blocked_url');
    assert.equal(meta.error?.code, 'blocked_url');
    assert.equal(forbiddenHost.connections(), 0);
    const metadata = await probe('http://169.254.169.254/latest/meta-data/');
    assert.equal(metadata.data.reason, 'blocked_url');
  });

  it('blocks a redirect to a forbidden address and keeps the hops', async () => {
    const redirector = await startServer((_req, res) => {
      res.writeHead(302, { location: `${forbiddenHost.origin}/` });
      res.end();
    });
    try {
      const { data, meta } = await probe(`${redirector.origin}/`);
      assert.equal(meta.error?.code, 'blocked_url');
      assert.equal(data.reason, 'blocked_url');
      assert.equal(data.redirect_history[0]?.location, `${forbiddenHost.origin}/`);
      assert.equal(forbiddenHost.connections(), 0);
    } finally {
      await redirector.close();
    }
  });

  it('rejects a non-http scheme as invalid or blocked, as data', async () => {
    const { data, meta } = await probe('ftp://127.0.0.2/file');
    assert.equal(data.ok, false);
    assert.ok(['invalid_url', 'blocked_url'].includes(meta.error?.code ?? ''), meta.error?.code);
    assert.equal(data.reason, meta.error?.code);
  });

  it('reports a string that is not a URL as invalid_url, still as data', async () => {
    const { data, meta } = await probe('not a url');
    assert.equal(meta.error?.code, 'invalid_url');
    assert.equal(data.reason, 'invalid_url');
    assert.equal(data.url, 'not a url');
    assert.equal(data.final_url, 'not a url');
    assert.equal(data.url_changed, false);
    assert.equal(data.status_code, null);
  });

  it('says a PDF and an image are not HTML, and XHTML is', async () => {
    const pdf = await probe(`${site.origin}/file.pdf`);
    assert.equal(pdf.data.ok, true);
    assert.equal(pdf.data.is_html, false);
    assert.equal(pdf.data.content_type, 'application/pdf');
    assert.ok(pdf.data.content_length !== null && pdf.data.content_length > 0);
    const png = await probe(`${site.origin}/image.png`);
    assert.equal(png.data.is_html, false);
    assert.equal(png.data.content_type, 'image/png');
    const xhtml = await probe(`${site.origin}/xhtml`);
    assert.equal(xhtml.data.is_html, true);
  });

  it('reports content_length null when the server sends none, and content_type null when absent', async () => {
    const { data } = await probe(`${site.origin}/no-length`);
    assert.equal(data.status_code, 200);
    assert.equal(data.content_length, null);
    const untyped = await probe(`${site.origin}/no-type`);
    assert.equal(untyped.data.content_type, null);
    assert.equal(untyped.data.is_html, false);
    assert.equal(untyped.data.probe_method, 'GET');
  });

  it('asks GET for the Content-Type a HEAD answer left out', async () => {
    const { data } = await probe(`${site.origin}/head-no-type`);
    assert.equal(data.status_code, 200);
    assert.equal(data.content_type, 'text/html');
    assert.equal(data.is_html, true);
    assert.equal(data.probe_method, 'GET');
  });

  it('normalises before comparing, so case and an empty path do not count as a change', async () => {
    const url = `${site.origin.replace('http://', 'HTTP://')}`;
    const { data } = await probe(url);
    assert.equal(data.url, url);
    assert.equal(data.final_url, `${site.origin}/`);
    assert.equal(data.url_changed, false);
  });

  it('does not count credentials in the URL as a change, nor echo them in final_url', async () => {
    const url = `${site.origin.replace('http://', 'http://user:secret@')}/ok`;
    const { data } = await probe(url);
    assert.equal(data.status_code, 200);
    assert.equal(data.final_url, `${site.origin}/ok`);
    assert.equal(data.url_changed, false);
  });
});
