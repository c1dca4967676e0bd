// TLS: certificates are verified (no rejectUnauthorized:false anywhere), against the name or
// IP literal in the URL, even though the socket goes to the address we resolved and checked.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import { FetchFailure } from '../../../src/fetch/fetch-failure.js';
import type { Fetcher } from '../../../src/fetch/types.js';
import { testConfig } from '../../support/loopback-server.js';

// The PEM files live next to this test's source (dist/ holds only compiled JS).
const dir = fileURLToPath(new URL('../../../../test/integration/fetch/tls/', import.meta.url));
let server: https.Server;
let port: number;
let requests = 0;
let fetcher: Fetcher;

before(async () => {
  server = https.createServer(
    { key: readFileSync(`${dir}self-signed-key.pem`), cert: readFileSync(`${dir}self-signed-cert.pem`) },
    (_req, res) => {
      requests++;
      res.end('<p>secret</p>');
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  port = (server.address() as AddressInfo).port;
  fetcher = createFetcher(testConfig({ maxRetries: 0 }));
});
after(async () => {
  await fetcher.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a self-signed certificate is tls_error and no request is sent', async () => {
  const err = await fetcher.fetchPage(`https://127.0.0.2:${port}/`, { timeoutMs: 3000 }).catch((e: unknown) => e);
  assert.ok(err instanceof FetchFailure);
  assert.equal(err.code, 'tls_error');
  assert.match(err.message, /self-signed|self signed/i);
  assert.equal(err.retryable, false);
  assert.equal(requests, 0);
});
