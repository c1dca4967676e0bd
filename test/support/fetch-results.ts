// A fetch's result as the fetcher hands it on (a 200 HTML page, no hops), for tests of what is
// done with one: caching, packing, storing.
import type { FetchResult } from '../../src/fetch/types.js';

export function htmlFetchResult(
  url: string,
  body: FetchResult['body'],
  overrides: Partial<FetchResult> = {},
): FetchResult {
  return {
    url,
    finalUrl: url,
    method: 'GET',
    status: 200,
    statusText: 'OK',
    headers: { 'content-type': 'text/html' },
    contentType: 'text/html',
    body,
    hops: [],
    retries: 0,
    viaProxy: false,
    truncated: false,
    javascriptRendered: false,
    timings: { dnsMs: 1, connectMs: 2, tlsMs: null, firstByteMs: 3, totalMs: 4 },
    ...overrides,
  };
}
