// The systems the quality benchmark compares, each page html -> text.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { parseHtml } from '../src/parse/parse-html.js';
import { extractContent } from '../src/extract/content/extract-content.js';
import { renderText } from '../src/render/text.js';

export function urlkitText(page: { html: string; finalUrl: string }, linksAsText = false): string {
  const doc = parseHtml(page.html);
  const ex = extractContent(doc, page.finalUrl);
  return ex ? renderText(ex.blocks, { title: null, plain: linksAsText }) : '';
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

