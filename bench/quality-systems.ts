// The systems the quality benchmark compares, each page html -> text.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { parseHtml } from '../src/parse/parse-html.js';
import { extractContent, type ContentTrace } from '../src/extract/content/extract-content.js';
import { renderText } from '../src/render/text.js';
import { cleanDocument } from '../src/workers/clean-document.js';

export function urlkitText(page: { html: string; finalUrl: string }, linksAsText = false): string {
  const doc = parseHtml(page.html);
  const ex = extractContent(doc, page.finalUrl);
  return ex ? renderText(ex.blocks, { title: null, plain: linksAsText }) : '';
}

/** What clean_web_content answers (text format, no title, default max_chars, the fallback
 *  to the index profile included), links read as their text: the WCXB scoring setup. */
export function urlkitApiText(page: { html: string; finalUrl: string }): string {
  const doc = parseHtml(page.html);
  const res = cleanDocument(doc, {
    finalUrl: page.finalUrl,
    profile: 'content',
    format: 'text',
    includeTitle: false,
    maxChars: 200_000,
    reparse: () => parseHtml(page.html),
  });
  if (!res.ok) return '';
  return res.content.replace(/\[([^\]]*)\]\([^)\s]*\)/g, '$1');
}

/** The content profile's own account of what it chose (for tail reports). */
export function urlkitTrace(page: { html: string; finalUrl: string }): ContentTrace {
  const trace: ContentTrace = {};
  extractContent(parseHtml(page.html), page.finalUrl, trace);
  return trace;
}

export function readabilityText(page: { html: string }): string {
  try {
    const { document } = parseHTML(page.html);
    const article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
    return article?.textContent ?? '';
  } catch {
    return '';
  }
}
