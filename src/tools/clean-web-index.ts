import { cleanInputSchema, cleanItemDataSchema, cleanItemMetaSchema, type CleanInput } from './clean-web-content.js';
import { runClean } from './clean/run-clean.js';
import type { Tool } from './types.js';

export const cleanWebIndex: Tool<CleanInput> = {
  name: 'clean_web_index',
  command: 'index',
  summary: 'Readable text of a homepage or hub, in document order.',
  description:
    'Fetches a homepage or hub and returns its readable text in document order: headings, teasers and link lists (each link once, absolute). Scripts, styles, hidden elements, forms and banners are dropped. When the page has no such text the content profile is tried once.',
  inputSchema: cleanInputSchema(),
  itemDataSchema: cleanItemDataSchema,
  itemMetaSchema: cleanItemMetaSchema,
  example: { url: 'https://example.com/', output_format: 'text', include_title: true, max_chars: 200_000, timeout: 15 },
  run(input, ctx) {
    return runClean(input, ctx, 'index');
  },
};
