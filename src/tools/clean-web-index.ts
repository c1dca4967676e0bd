import { cleanInputSchema, cleanItemDataSchema, cleanItemMetaSchema, type CleanInput } from './clean-web-content.js';
import { cleanFailedItem, runClean } from './clean/run-clean.js';
import { RENDER_MODES, type RenderMode } from '../browser/render-step.js';
import type { Tool } from './types.js';

export interface IndexInput extends CleanInput {
  /** Filled with the schema default (auto) by validation; absent only in direct calls. */
  render?: RenderMode;
}

/** The shared cleaner schema plus `render`, which only the index cleaner has. */
function indexInputSchema(): Record<string, unknown> {
  const schema = cleanInputSchema() as { properties: Record<string, unknown> };
  return {
    ...schema,
    properties: {
      ...schema.properties,
      render: {
        type: 'string',
        enum: [...RENDER_MODES],
        default: 'auto',
        description:
          'Run the page in a headless browser when the service has one (URLKIT_BROWSER): auto renders when the ' +
          'delivered HTML yields no index text or is a script shell; always; never. Every request the page ' +
          'makes goes through the same egress guard. meta.javascript_rendered tells whether it did.',
      },
    },
  };
}

export const cleanWebIndex: Tool<IndexInput> = {
  name: 'clean_web_index',
  command: 'index',
  summary: 'Readable text of a homepage or hub, in document order.',
  description:
    'Fetches a homepage or hub and returns its readable text in document order: headings, teasers and link lists ' +
    '(each link once, absolute). Scripts, styles, hidden elements, forms and banners are dropped. When the ' +
    'page has no such text the content profile is tried once. With a browser configured, script-built pages ' +
    'are rendered first (field render). A feed (RSS, Atom, JSON Feed) or a sitemap is read as the list of pages ' +
    'it is; markdown, plain text and PDF documents are read too.',
  inputSchema: indexInputSchema(),
  itemDataSchema: cleanItemDataSchema,
  itemMetaSchema: cleanItemMetaSchema,
  failedItem: (url, error) => cleanFailedItem(url, 'index', error),
  example: {
    url: 'https://example.com/',
    output_format: 'text',
    include_title: true,
    max_chars: 200_000,
    timeout: 15,
    render: 'auto',
  },
  run(input, ctx) {
    return runClean(input, ctx, 'index');
  },
};
