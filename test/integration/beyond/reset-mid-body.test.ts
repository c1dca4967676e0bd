// A server that sends its headers and part of the body, then resets the connection (TCP RST):
// reported as upstream_error saying what was received, with the status and type in meta, not
// as connect_error; a server that resets before answering stays connect_error.
import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { cleanWebContent } from '../../../src/tools/clean-web-content.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import { createServices, type Services } from '../../../src/app/services.js';
import type { ToolContext } from '../../../src/tools/types.js';
import { listenTracked, testConfig, type ListeningServer } from '../../support/loopback-server.js';
import { toolContext } from '../../support/tool-context.js';

let server: ListeningServer;
let services: Services;
let ctx: ToolContext;
let requests = 0;

before(async () => {
  const raw = net.createServer((sock) => {
    sock.once('data', (req) => {
      requests++;
      if (req.toString('latin1').startsWith('GET /before-headers')) return void sock.resetAndDestroy();
      sock.write('HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 100000\r\n\r\n');
      sock.write(
        `<!doctype html><html><head><title>Cut off</title></head><body><p>` +
          `${'The first part of a long page. '.repeat(100)}`,
        () => {
          setTimeout(() => sock.resetAndDestroy(), 30);
        },
      );
    });
    sock.on('error', () => {});
  });
  server = await listenTracked(raw);
  const config = testConfig({ maxRetries: 1 });
  services = createServices(config);
  ctx = toolContext(config, services);
});

after(async () => {
  await services.close();
  await server.close();
});

describe('a connection reset in the middle of the body', () => {
  it('clean_web_content: upstream_error with the bytes received, status and type in meta', async () => {
    const start = requests;
    const [item] = await cleanWebContent.run(
      { url: `${server.origin}/page`, output_format: 'text', include_title: true, max_chars: 200_000, timeout: 10 },
      ctx,
    );
    assert.equal(item!.meta.error?.code, 'upstream_error');
    assert.match(
      item!.meta.error.message,
      /sent the response headers and \d+ bytes of the body, then reset the connection/,
    );
    const bytes = Number(/and (\d+) bytes/.exec(item!.meta.error.message)![1]);
    assert.ok(bytes > 0 && bytes < 100_000, String(bytes));
    assert.equal(item!.meta.status_code, 200);
    assert.equal(item!.meta.content_type, 'text/html; charset=utf-8');
    assert.equal(item!.meta.retries, 1, 'retried once (maxRetries 1), then reported');
    assert.equal(requests - start, 2);
  });

  it('get_url_metadata: the same error and meta', async () => {
    const [item] = await getUrlMetadata.run(
      { url: `${server.origin}/page`, include_content: false, follow_redirects: true, timeout: 10 },
      ctx,
    );
    assert.equal(item!.meta.error?.code, 'upstream_error');
    assert.equal(item!.meta.status_code, 200);
    assert.equal(item!.meta.content_type, 'text/html; charset=utf-8');
  });

  it('a reset before any response is still connect_error', async () => {
    const [item] = await cleanWebContent.run(
      {
        url: `${server.origin}/before-headers`,
        output_format: 'text',
        include_title: true,
        max_chars: 200_000,
        timeout: 10,
      },
      ctx,
    );
    assert.equal(item!.meta.error?.code, 'connect_error');
    assert.equal(item!.meta.status_code, null);
  });
});
