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
  return linksAsText(res.content);
}

/**
 * `[text](url)` read as `text`, as `s.replace(/\[([^\]]*)\]\([^)\s]*\)/g, '$1')` reads it, in one
 * pass: a link's text ends at the first `]` after its `[`, and its address at the first `)` or
 * whitespace, so every `[` before the same `]` meets the same `](address)`, found once.
 */
export function linksAsText(s: string): string {
  let out = '';
  let from = 0;
  let close = -1;
  /** For `close`: the end of its `](address)` (after the `)`), or -1 when there is none. */
  let end = -1;
  for (let open = s.indexOf('['); open !== -1; open = s.indexOf('[', open + 1)) {
    if (open < from) continue;
    if (close <= open) {
      close = s.indexOf(']', open + 1);
      if (close === -1) break;
      end = -1;
      if (s.charCodeAt(close + 1) === 0x28) {
        let k = close + 2;
        while (k < s.length && s[k] !== ')' && !/\s/.test(s[k]!)) k++;
        if (k < s.length && s[k] === ')') end = k + 1;
      }
    }
    if (end === -1) continue;
    out += s.slice(from, open) + s.slice(open + 1, close);
    from = end;
  }
  return out + s.slice(from);
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
    const article = new Readability(document).parse();
    return article?.textContent ?? '';
  } catch {
    return '';
  }
}
