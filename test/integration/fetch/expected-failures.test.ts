// Outcomes a fetch expects (a target that never answers, a refused connection) reject with a
// FetchFailure that carries no stack (one is never read, and timeouts come by the hundred) but
// keeps what happened below in `cause`.
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, test } from 'node:test';
import { createFetcher, FetchFailure } from '../../../src/fetch/fetch-page.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { listenTracked, testConfig, type ListeningServer } from '../../support/loopback-server.js';

let silent: ListeningServer;
let closedOrigin: string;
let fetcher: Fetcher;

before(async () => {
  // Accepts connections and never answers.
  silent = await listenTracked(createServer(() => {}));
  const gone = await listenTracked(createServer());
  closedOrigin = gone.origin;
  await gone.close();
  fetcher = createFetcher(testConfig({ maxRetries: 0 }));
});
after(async () => {
  await fetcher.close();
  await silent.close();
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
