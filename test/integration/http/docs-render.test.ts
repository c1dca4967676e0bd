// /docs rendered by a DOM with its scripts running and every request outside the server cut
// off: Swagger UI must draw all the operations from local assets alone. jsdom lacks fetch and
// matchMedia, so the window gets fetch limited to this server and an inert matchMedia.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import jsdom from 'jsdom';
import { serve } from '../../../src/http/serve.js';
import { TOOLS } from '../../../src/tools/registry.js';
import { testConfig } from '../../support/loopback-server.js';
import { unusedServices } from '../../unit/http/helpers.js';

const { JSDOM, VirtualConsole, requestInterceptor } = jsdom;

describe('/docs offline', () => {
  it('renders every tool operation with no request leaving the server', async (t) => {
    const server = await serve(testConfig({ host: '127.0.0.1', port: 0 }), { services: unusedServices() });
    t.after(() => server.shutdown('test over'));
    const origin = server.address;
    const outside: string[] = [];
    const dom = await JSDOM.fromURL(`${origin}/docs/`, {
      runScripts: 'dangerously',
      pretendToBeVisual: true,
      virtualConsole: new VirtualConsole(),
      beforeParse(window) {
        const w = window as unknown as Record<string, unknown> & { location: Location };
        w.matchMedia = () => ({
          matches: false,
          addListener() {},
          removeListener() {},
          addEventListener() {},
          removeEventListener() {},
        });
        w.fetch = (input: unknown, init?: RequestInit) => {
          const url = new URL(String(input), w.location.href).href;
          if (url.startsWith(origin)) return fetch(url, init);
          outside.push(url);
          return Promise.reject(new TypeError('offline'));
        };
      },
      resources: {
        interceptors: [
          requestInterceptor((request) => {
            if (request.url.startsWith(origin)) return undefined;
            outside.push(request.url);
            return Promise.resolve(new Response('', { status: 599 }));
          }),
        ],
      },
    });
    t.after(() => dom.window.close());
    const doc = dom.window.document;
    for (let i = 0; i < 200 && doc.querySelectorAll('.opblock-summary-path').length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const paths = [...doc.querySelectorAll('.opblock-summary-path')].map((e) => e.textContent?.replace(/\u200b/g, ''));
    for (const tool of TOOLS)
      assert.ok(paths.includes(`/api/v1/tools/${tool.name}`), `${tool.name} on the page: ${paths.join(', ')}`);
    assert.match(doc.title, /urlkit/);
    assert.deepEqual(outside, []);
  });
});
