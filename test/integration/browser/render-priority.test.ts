// URLKIT_BROWSER_NICE with a real Chromium: every thread of a page's renderer, read from /proc
// while the page loads, runs that much below the service, and so does the browser's session's
// autogroup where the kernel has autogroups. A file of its own, so that the renderers under this
// process are this browser's alone.
import assert from 'node:assert/strict';
import os from 'node:os';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { autogroupNice } from '../../../src/browser/lowered-launch.js';
import { buildApp } from '../../../src/http/build-app.js';
import { findChromium, NO_CHROMIUM } from '../../support/chromium.js';
import { pageRendererPriorities } from '../../support/chromium-processes.js';
import { injectTool } from '../../support/inject-tool.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';
import { ordinaryPageWaitingOn } from '../../support/render-pages.js';

const chromium = findChromium();
const STEP = 10;

let site: LoopbackServer;
let app: FastifyInstance;
/** The page's request for /held, answered when the test has read its renderer. */
let held: (() => void) | null = null;

before(async () => {
  if (!chromium) return;
  site = await startServer((req, res) => {
    if (req.url === '/held') return void (held = () => res.end('ok'));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ordinaryPageWaitingOn('/held'));
  });
  app = await buildApp(testConfig({ rateLimitMax: 0, browserPath: chromium, browserNice: STEP }), {
    logStream: { write() {} },
  });
});

after(async () => {
  held?.();
  await app?.close();
  await site?.close();
});

describe('URLKIT_BROWSER_NICE', { skip: chromium ? false : NO_CHROMIUM }, () => {
  it("runs every thread of a page's renderer, and its autogroup, that much below the service", async () => {
    let answered = false;
    const answer = injectTool(app, 'clean_web_index', { url: `${site.origin}/`, render: 'always', timeout: 30 });
    void answer.finally(() => (answered = true)).catch(() => {});
    // The page asks for /held once its scripts run, and waits for it; a render that ends without
    // asking (it failed) is this test's failure, not a wait for ever.
    while (!held && !answered) await sleep(20);
    if (!held) assert.fail(`the page never asked for /held: ${JSON.stringify((await answer).meta.error)}`);
    const seen = pageRendererPriorities();
    held();
    const { data } = await answer;
    assert.match(String(data?.content), /Story number 3 of the harbour/);
    assert.ok(seen.length > 0, 'no page renderer while the page loads');
    const lowered = Math.min(19, os.getPriority() + STEP);
    const nices = seen.flatMap((r) => r.nices);
    assert.deepEqual(
      nices.filter((n) => n !== lowered),
      [],
      `renderer threads' nice values ${nices.join(' ')}, the service's ${os.getPriority()}`,
    );
    const own = autogroupNice();
    if (own !== null)
      assert.deepEqual(
        seen.map((r) => r.autogroup),
        seen.map(() => Math.min(19, own + STEP)),
      );
  });
});
