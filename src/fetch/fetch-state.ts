// The state of one fetch across its hops and attempts, and what a failure reports of it.
import type { ConnectTimings } from './guarded-connect.js';
import type { FetchPartial, RedirectHop } from './types.js';

export interface FetchState {
  url: string;
  finalUrl: string;
  hops: RedirectHop[];
  retries: number;
  viaProxy: boolean;
  startedAt: number;
  /** The caller's timeout in ms. */
  budgetMs: number;
  connect: ConnectTimings;
  firstByteMs: number | null;
  /** `fallback` mode: the direct answer was a bot challenge, so the next attempt takes the proxy. */
  forceProxy: boolean;
  /** Status and type of the last response whose body could not be read, for the failure report. */
  brokenResponse: { statusCode: number; contentType: string | null } | null;
}

export function partialOf(s: FetchState): FetchPartial {
  return {
    url: s.url,
    finalUrl: s.finalUrl,
    hops: s.hops,
    retries: s.retries,
    viaProxy: s.viaProxy,
    timings: timingsOf(s),
    ...s.brokenResponse,
  };
}

export function timingsOf(s: FetchState) {
  return { ...s.connect, firstByteMs: s.firstByteMs, totalMs: Date.now() - s.startedAt };
}
