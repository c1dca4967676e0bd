import { fetchMetaProperties, followRedirectsField, timeoutField, urlField } from './fields.js';
import type { Tool } from './types.js';

export interface MetadataInput {
  url?: string;
  items?: Array<string | { url: string }>;
  include_content: boolean;
  follow_redirects: boolean;
  timeout: number;
}

export const getUrlMetadata: Tool<MetadataInput> = {
  name: 'get_url_metadata',
  command: 'metadata',
  summary: 'Title, description, Open Graph, favicon and more for one URL or a batch.',
  description:
    'Fetches page metadata: title, description, Open Graph, Twitter, favicon, canonical URL, language, feeds, author and dates, plus HTTP status and content type. Send `url` or `items` (1 to 100), never both. include_content adds the main text.',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      url: urlField,
      items: {
        type: 'array',
        minItems: 1,
        maxItems: 100,
        description: 'Several URLs: each a URL string or { "url": "..." }. Results come back in this order.',
        items: {
          oneOf: [
            urlField,
            { type: 'object', additionalProperties: false, required: ['url'], properties: { url: urlField } },
          ],
        },
      },
      include_content: { type: 'boolean', default: false, description: 'Add data.content (text, as clean_web_content with include_title false) and data.word_count.' },
      follow_redirects: followRedirectsField,
      timeout: timeoutField(10),
    },
    oneOf: [{ required: ['url'] }, { required: ['items'] }],
  },
  itemDataSchema: { type: ['object', 'null'] },
  itemMetaSchema: { type: 'object', properties: { ...fetchMetaProperties } },
  example: { url: 'https://example.com/', include_content: false, follow_redirects: true, timeout: 10 },
  async run() {
    throw new Error('get_url_metadata: not built yet (issue 5)');
  },
};
