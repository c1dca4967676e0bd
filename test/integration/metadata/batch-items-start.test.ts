// A batch starts its URLs only as they can run (issue 31, rows 4 and 7): while a caller's URLs of
// one host hold that host's connections, its other URLs of that host are not started (no fetch,
// no deadline timer of their own), so a backlog of thousands cannot reach its timeout all in one
// turn of the event loop. Their wait still counts against their own timeout, and URLs of other
// hosts in the same batch do not wait for them.
import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { createServices, type Services } from '../../../src/app/services.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import type { ToolContext, ToolItem } from '../../../src/tools/types.js';
import { startServer, testConfig, type LoopbackServer } from '../../support/loopback-server.js';

const FLAGS = { include_content: false, follow_redirects: true };
const PAGE = '<!doctype html><title>A page</title><p>Some text of a page.</p>';

describe('get_url_metadata batches start their URLs as they can run', () => {
  let stuck: LoopbackServer;
  let fine: LoopbackServer;
  let services: Services;
  const open = new Set<ServerResponse>();
  /** fetchPage calls that ended, by outcome: one per URL that was started. */
  const fetched = new Map<string, number>();

  before(async () => {
    // Never answers: every URL started on it holds a connection until its own timeout.
    stuck = await startServer((_req, res) => {
      open.add(res);
      res.on('close', () => open.delete(res));
    });
    fine = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE), '127.0.0.3');
    const config = testConfig({ allowCidrs: ['127.0.0.2/32', '127.0.0.3/32'], perHostConcurrency: 2 });
    services = createServices(config, {
      onOutcome: (outcome) => fetched.set(outcome, (fetched.get(outcome) ?? 0) + 1),
    });
  });
  after(async () => {
    for (const res of open) res.destroy();
    await services.close();
    await Promise.all([stuck.close(), fine.close()]);
  });

  const context = (): ToolContext => ({
    config: testConfig({ perHostConcurrency: 2 }),
    services,
    logger: pino({ level: 'silent' }),
    signal: new AbortController().signal,
    correlationId: '00000000-0000-4000-8000-000000000000',
  });

  it("starts no more of a caller's URLs of one host than it can run, and answers the rest with a timeout", async () => {
    fetched.clear();
    const batch = (n: number) =>
      getUrlMetadata.run(
        { items: Array.from({ length: 40 }, (_, k) => `${stuck.origin}/b${n}/${k}`), timeout: 1.5, ...FLAGS },
        context(),
      );
    const answers: ToolItem[][] = await Promise.all([batch(1), batch(2), batch(3)]);
    const items = answers.flat();
    assert.equal(items.length, 120);
    for (const item of items) assert.equal(item.meta.error?.code, 'timeout', JSON.stringify(item.meta));
    // 2 connection slots for the host: 2 URLs fetching and 2 more being read, at most, ever
    // started here (all 120 used to start and wait for a slot, each with its own deadline).
    const started = [...fetched.values()].reduce((a, b) => a + b, 0);
    assert.ok(started >= 2 && started <= 4, `${started} URLs were started`);
    const notStarted = items.filter((i) => /could start/.test(i.meta.error!.message));
    assert.equal(notStarted.length, 120 - started);
  });

  it("does not hold back the batch's URLs of another host", async () => {
    // Workers started first (on a busy machine their start alone can take a second or more).
    await getUrlMetadata.run({ url: `${fine.origin}/warm`, timeout: 60, ...FLAGS }, context());
    const items = await getUrlMetadata.run(
      {
        items: [
          ...Array.from({ length: 10 }, (_, k) => `${stuck.origin}/mixed/${k}`),
          ...Array.from({ length: 10 }, (_, k) => `${fine.origin}/page/${k}`),
        ],
        // Long enough for a page and its parse on a busy machine; URLs held behind the stuck
        // host's would still wait out the whole of it, and time out.
        timeout: 10,
        ...FLAGS,
      },
      context(),
    );
    assert.deepEqual(
      items.map((i) => i.meta.error?.code ?? 'ok'),
      [...Array<string>(10).fill('timeout'), ...Array<string>(10).fill('ok')],
    );
    for (const item of items.slice(10)) assert.equal((item.data as { title?: string }).title, 'A page');
  });
});
