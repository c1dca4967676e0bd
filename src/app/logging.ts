// pino options for the service: JSON lines, the correlation id on every request line (fastify's
// child logger, labelled correlation_id), and nothing secret or query-bearing at info level:
// request URLs and any url-like field lose their query string, Authorization is never logged.
import type { LoggerOptions } from 'pino';
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
      req(req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) {
        return { method: req.method, url: stripQuery(req.url), remoteAddress: req.ip ?? req.socket?.remoteAddress };
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
