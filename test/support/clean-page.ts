import assert from 'node:assert/strict';
import { parseHtml } from '../../src/parse/parse-html.js';
import { cleanDocument, type CleanOptions } from '../../src/workers/clean-document.js';

/** clean_web_content's answer for `html` fetched from `url` (markdown, no title line, 100,000
 *  characters at most unless `options` say otherwise), asserted to have found content. */
export function cleanPage(html: string, url: string, options: Partial<CleanOptions> = {}) {
  const result = cleanDocument(parseHtml(html), {
    finalUrl: url,
    profile: 'content',
    format: 'markdown',
    includeTitle: false,
    maxChars: 100_000,
    ...options,
  });
  assert.ok(result.ok);
  return result;
}
