// The last hop's response -> a FetchResult: its body read up to the cap for its kind (or not read
// at all, for a probe or a file too large to be of use), its kind and charset, and whether it is a
// bot-protection challenge. Redirects and retries happened before (fetch-page.ts).
import type { Readable } from 'node:stream';
import { CHALLENGE_MAX_BYTES, detectBotProtection } from './bot-protection.js';
import { gzippedFile, kindAtPath, kindFromMediaType, mayBePdf } from './body-kind.js';
import { DESCRIBE_HEAD_BYTES, describeBody, parseContentType } from './decode.js';
import { fetchedBody } from './fetched-body.js';
import { type FetchState, timingsOf } from './fetch-state.js';
import { type BodyEncoding, GZIPPED_FILE, parseContentEncoding, readBody } from './read-body.js';
import { cookieNames, discard, flattenHeaders } from './response-headers.js';
import type { MinTransferRate } from './transfer-rate.js';
import type { BodyKind, FetchResult, HttpMethod } from './types.js';

/** A response to one attempt, its body not yet read; release() frees its host slot (and one-shot connection). */
export interface HopResponse {
  status: number;
  statusText: string;
  rawHeaders: Record<string, string | string[] | undefined>;
  body: Readable;
  viaProxy: boolean;
  release: () => void;
  /** Marks the host slot idle while its body brings nothing (host-limiter.ts). */
  idle: (idle: boolean) => void;
}

/** The configured body caps (a PDF has its own, larger one) and the slowest body accepted. */
export interface BodyLimits {
  maxBodyBytes: number;
  maxPdfBytes: number;
  minRate: MinTransferRate;
}

export async function hopResult(
  resp: HopResponse,
  url: URL,
  method: HttpMethod,
  wantBody: boolean,
  capOverride: number | null,
  limits: BodyLimits,
  state: FetchState,
  deadline: AbortSignal,
): Promise<FetchResult> {
  const headers = flattenHeaders(resp.rawHeaders);
  const contentType = headers['content-type'] ?? null;
  let body: FetchResult['body'] = null;
  let truncated = false;
  // Only a page can be a challenge page: other bodies (files, feeds, JSON) are judged by
  // their headers alone. The detector reads no further than this (bot-protection.ts).
  let scanned: Uint8Array | null = null;
  if (!wantBody) {
    discard(resp.body);
  } else {
    const mt = parseContentType(contentType);
    // A gzipped sitemap (or other document) is read as the document it holds, its gzip a first encoding.
    const gzipped = gzippedFile(mt?.essence ?? null, url.pathname);
    const declaredType = gzipped ? gzipped.type : (mt?.essence ?? null);
    const declaredKind = declaredType === null ? null : kindFromMediaType(declaredType);
    // A PDF is read up to its own cap: declared as one, or a generic file whose path says .pdf.
    const pdf = declaredKind === 'pdf' || (mayBePdf(mt?.essence ?? null) && /\.pdf$/i.test(url.pathname));
    const cap = capOverride ?? (pdf ? limits.maxPdfBytes : limits.maxBodyBytes);
    const declared = Number(headers['content-length']);
    if ((declaredKind === 'binary' || declaredKind === 'pdf') && Number.isFinite(declared) && declared > cap) {
      // Nothing a caller can use from a cut binary or PDF: say so without downloading it.
      discard(resp.body);
      body = { bytes: Buffer.alloc(0), text: null, charset: null, kind: declaredKind };
      truncated = true;
    } else {
      let read;
      try {
        const httpEncodings = parseContentEncoding(headers['content-encoding']);
        const encodings: BodyEncoding[] = gzipped === null ? httpEncodings : [GZIPPED_FILE, ...httpEncodings];
        const length = headers['content-length'];
        read = await readBody(resp.body, encodings, cap, limits.minRate, length, deadline, resp.idle, pdf);
      } catch (err) {
        state.brokenResponse = { statusCode: resp.status, contentType };
        throw err;
      }
      const { kept } = read;
      // Kind and charset from the first bytes; the whole body only when no declaration says (kept-bytes.ts).
      const described = describeBody(kept.head(DESCRIBE_HEAD_BYTES), gzipped ? gzipped.type : contentType, () =>
        kept.whole(),
      );
      const kind = kindAtPath(described.kind, url.pathname);
      body = fetchedBody(kept, kind, described.charset);
      scanned = isPage(kind) ? kept.head(CHALLENGE_MAX_BYTES + 1) : null;
      truncated = read.truncated;
    }
  }
  state.brokenResponse = null;
  const setCookieNames = cookieNames(resp.rawHeaders['set-cookie']);
  const botProtection = detectBotProtection({ status: resp.status, headers, setCookieNames, body: scanned });
  return {
    url: state.url,
    finalUrl: url.href,
    method,
    status: resp.status,
    statusText: resp.statusText,
    headers,
    setCookieNames,
    contentType,
    body,
    hops: state.hops,
    retries: state.retries,
    viaProxy: resp.viaProxy,
    truncated,
    javascriptRendered: false,
    timings: timingsOf(state),
    botProtection,
  };
}

function isPage(kind: BodyKind): boolean {
  return kind === 'html' || kind === 'xhtml' || kind === 'text';
}
