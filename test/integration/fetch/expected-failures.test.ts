// Every outcome a fetch reports (a target that never answers, a refused connection, a redirect it
// will not follow, a URL it will not fetch) rejects with a FetchFailure that carries no stack (one
// is never read, and a hostile caller's batches of failing URLs make thousands a second on the
// main thread) but keeps what happened below in `cause`.
import assert from 'node:assert/strict';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { after, before, test } from 'node:test';
import { createFetcher, FetchFailure } from '../../../src/fetch/fetch-page.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { listenTracked, testConfig, type ListeningServer } from '../../support/loopback-server.js';

let silent: ListeningServer;
let redirecting: ListeningServer;
let closedOrigin: string;
let fetcher: Fetcher;

before(async () => {
  // Accepts connections and never answers.
  silent = await listenTracked(createServer(() => {}));
  // Redirects to a Location longer than any URL fetched (issue 31 row 4's pages).
  redirecting = await listenTracked(
    createHttpServer((_req, res) => res.writeHead(302, { location: `/next?pad=${'p'.repeat(15_000)}` }).end()),
  );
  const gone = await listenTracked(createServer());
  closedOrigin = gone.origin;
  await gone.close();
  fetcher = createFetcher(testConfig({ maxRetries: 0 }));
});
after(async () => {
  await fetcher.close();
  await silent.close();
  await redirecting.close();
});

async function failureOf(url: string, timeoutMs: number): Promise<FetchFailure> {
  try {
    await fetcher.fetchPage(url, { timeoutMs });
  } catch (err) {
    assert.ok(err instanceof FetchFailure, String(err));
    return err;
  }
  throw new Error(`${url} was fetched`);
}

const hasFrames = (err: Error) => (err.stack ?? '').includes('\n    at ');

test('a target that never answers: timeout, without a stack', async () => {
  const err = await failureOf(`${silent.origin}/`, 300);
  assert.equal(err.code, 'timeout');
  assert.equal(hasFrames(err), false, err.stack);
  assert.match(err.stack ?? '', /^FetchFailure: /);
});

test('a refused connection: connect_error, without a stack, the cause kept', async () => {
  const err = await failureOf(`${closedOrigin}/`, 3000);
  assert.equal(err.code, 'connect_error');
  assert.equal(hasFrames(err), false, err.stack);
  assert.ok(err.cause, 'what happened below is kept');
});

test('a redirect it will not follow and a URL it will not fetch: their codes, without a stack', async () => {
  const redirect = await failureOf(`${redirecting.origin}/`, 3000);
  assert.equal(redirect.code, 'upstream_error');
  assert.match(redirect.message, /Location is longer than 8,192 characters \(15,010\)/);
  assert.equal(hasFrames(redirect), false, redirect.stack);
  const invalid = await failureOf('ftp://example.com/', 3000);
  assert.equal(invalid.code, 'invalid_url');
  assert.equal(hasFrames(invalid), false, invalid.stack);
});
