// pino options for the service: JSON lines, the correlation id on every request line (fastify's
// child logger, labelled correlation_id), and nothing secret or query-bearing at info level:
// request URLs and any url-like field lose their query string, Authorization is never logged.
import { pino, type DestinationStream, type LoggerOptions } from 'pino';
import type { LogLevel } from '../config/config.js';
import { withoutUserinfo } from '../fetch/url-policy.js';

/** Drops the query string and fragment, which may carry tokens or personal data. */
export function stripQuery(url: unknown): unknown {
  if (typeof url !== 'string') return url;
  const cut = url.search(/[?#]/);
  return cut === -1 ? url : `${url.slice(0, cut)}${url[cut] === '?' ? '?[query removed]' : ''}`;
}

/** A logged URL: no query, no credentials. */
const shownUrl = (v: unknown) => stripQuery(typeof v === 'string' ? withoutUserinfo(v) : v);
const urlSerializer = (v: unknown) => (Array.isArray(v) ? v.map(shownUrl) : shownUrl(v));

export function loggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    // No `req.headers.authorization`: the req serializer below keeps no headers, and a redaction
    // path under `req` made pino clone and walk the request object on every request line.
    redact: {
      paths: ['headers.authorization', 'authorization', 'apiKey', 'api_key'],
      censor: '[redacted]',
    },
    serializers: {
      // Behind a trusted proxy, req.ip is the client X-Forwarded-For names; the proxy that sent
      // the request is logged beside it, so a line still says which connection it came on.
      req(req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) {
        const peer = req.socket?.remoteAddress;
        const remoteAddress = req.ip ?? peer;
        return {
          method: req.method,
          url: stripQuery(req.url),
          remoteAddress,
          ...(peer !== undefined && peer !== remoteAddress ? { proxyAddress: peer } : {}),
        };
      },
      res(res: { statusCode?: number }) {
        return { statusCode: res.statusCode };
      },
      url: urlSerializer,
      final_url: urlSerializer,
      finalUrl: urlSerializer,
      target: urlSerializer,
      urls: urlSerializer,
    },
  };
}

/** Bytes of log lines gathered before one write(2); sonic-boom requires less than its 16 KiB maxWrite. */
export const LOG_BATCH_BYTES = 4096;
/** Longest a log line waits in the batch before it is written (ms). */
export const LOG_FLUSH_MS = 100;

let stdout: DestinationStream | undefined;

/**
 * The service's stdout for log lines. Under load a write per request line was a share of the main
 * thread's time per answer, so lines are gathered into writes of about LOG_BATCH_BYTES, and a
 * timer writes whatever waits every LOG_FLUSH_MS. The write itself runs off the main thread (not
 * sync). What is still gathered when the process exits, normally or on an uncaught error, is
 * written synchronously by pino's exit hook; a graceful shutdown also flushes it (UrlkitHandle.flushLogs).
 */
export function batchedStdout(): DestinationStream {
  // One for the process, as stdout is: every app built in it (tests build many) shares the batch
  // and its timer, which runs for the process's life.
  stdout ??= pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
  return stdout;
}
