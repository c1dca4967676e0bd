import { followRedirectsField, timeoutField, urlField } from './fields.js';
import { probeUrl } from './status/probe.js';
import { statusDataSchema, statusMetaSchema } from './status/schema.js';
import type { Tool } from './types.js';

export interface StatusInput {
  url: string;
  follow_redirects: boolean;
  timeout: number;
}

export const checkUrlStatus: Tool<StatusInput> = {
  name: 'check_url_status',
  command: 'status',
  summary: 'Live HTTP status, final URL, redirects and content type, without the body.',
  description:
    'Probes a URL with HEAD (falling back to GET without reading the body when HEAD is refused) and reports the live status, redirect chain, final URL, content type and whether it is HTML. Failures (DNS, refused, timeout) are data: ok false with the reason.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['url'],
    properties: { url: urlField, follow_redirects: followRedirectsField, timeout: timeoutField(15) },
  },
  itemDataSchema: statusDataSchema,
  itemMetaSchema: statusMetaSchema,
  example: { url: 'https://example.com/', follow_redirects: true, timeout: 15 },
  async run(input, ctx) {
    const item = await probeUrl(
      ctx.services.fetcher,
      input.url,
      { followRedirects: input.follow_redirects, timeoutMs: Math.round(input.timeout * 1000) },
      ctx.signal,
    );
    return [item];
  },
};
