import { parseHtml } from '../../src/parse/parse-html.js';
import { extractContent } from '../../src/extract/content/extract-content.js';
import { renderText } from '../../src/render/text.js';

/** What the content profile prints for `html` fetched from `url` (text format, no title line);
 *  '' when it finds nothing. */
export function contentTextAt(html: string, url: string): string {
  const ex = extractContent(parseHtml(html), url);
  return ex ? renderText(ex.blocks, { title: null }) : '';
}
