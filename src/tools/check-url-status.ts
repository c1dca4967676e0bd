import { followRedirectsField, respectRobotsField, timeoutField, urlField } from './fields.js';
import { withoutUserinfo } from '../fetch/url-policy.js';
import { probeUrl } from './status/probe.js';
import { statusDataSchema, statusMetaSchema } from './status/schema.js';
import type { Tool, ToolItem } from './types.js';
import type { ItemError } from '../errors/codes.js';
import { runSingleOnQueue } from './queued-single.js';

export interface StatusInput {
  url: string;
  follow_redirects: boolean;
  timeout: number;
  /** Absent: the operator's default (config.respectRobots). */
  respect_robots?: boolean;
}

export const checkUrlStatus: Tool<StatusInput> = {
  name: 'check_url_status',
  command: 'status',
  summary: 'Live HTTP status, final URL, redirects and content type, without the body.',
  description:
    'Probes a URL with HEAD (falling back to GET without reading the body when HEAD is refused) and reports the ' +
    'live status, redirect chain, final URL, content type and whether it is HTML. Failures (DNS, refused, ' +
    'timeout) are data: ok false with the reason.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: {
      url: urlField,
      follow_redirects: followRedirectsField(false),
      timeout: timeoutField(15),
      respect_robots: respectRobotsField,
    },
  },
  itemDataSchema: statusDataSchema,
  itemMetaSchema: statusMetaSchema,
  failedItem: (url, error) => queueFailedItem(url, error),
  example: { url: 'https://example.com/', follow_redirects: true, timeout: 15 },
  async run(input, ctx) {
    // Scale-out: the probe is a queue job, run by a worker through the same probeUrl.
    if (ctx.services.dispatcher.remote)
      return runSingleOnQueue(ctx, 'check_url_status', input, {}, (error) => queueFailedItem(input.url, error));
    const item = await probeUrl(
      ctx.services.fetcher,
      input.url,
      {
        followRedirects: input.follow_redirects,
        timeoutMs: Math.round(input.timeout * 1000),
        respectRobots: input.respect_robots ?? ctx.config.respectRobots,
      },
      ctx.signal,
    );
    return [item];
  },
};

/**
 * A probe that got no answer (its queue job failed as a unit, or the call was stopped): the reason
 * is the error code.
 */
function queueFailedItem(url: string, error: ItemError): ToolItem {
  let finalUrl = withoutUserinfo(url);
  try {
    finalUrl = new URL(finalUrl).href;
  } catch {
    // not a URL: reported as sent
  }
  const data = {
    url,
    status_code: null,
    ok: false,
    final_url: finalUrl,
    content_type: null,
    response_time_ms: 0,
    url_changed: false,
    is_html: false,
    redirect_count: 0,
    redirect_history: [],
    probe_method: 'HEAD',
    content_length: null,
    reason: error.code === 'timeout' ? 'timeout' : 'worker_chunk_failed',
    retry_after_s: null,
    timings: { dns_ms: null, connect_ms: null, tls_ms: null, first_byte_ms: null, total_ms: 0 },
  };
  return { data, meta: { url, via_proxy: false, retries: 0, error } };
}
