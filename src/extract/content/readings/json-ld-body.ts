// JSON-LD articleBody: the page's own statement of its article text, used as a cross-check
// on what scoring found (and as a last resort when scoring finds far less).
import type { Element } from 'domhandler';
import { textContent } from '../../dom/walk.js';
const ARTICLE_TYPES = /article|posting|report|blog|review|recipe|howto|webpage|creativework/i;

export interface JsonLdArticle {
  body: string;
  /** The same object's description: often the standfirst, which articleBody leaves out. */
  description: string | null;
}

/** `scripts`: the page's <script type="application/ld+json"> elements. */
export function jsonLdArticle(scripts: Element[]): JsonLdArticle | null {
  let best: JsonLdArticle | null = null;
  for (const script of scripts) {
    const text = textContent(script);
    // Only an articleBody key is read: a script that cannot hold one (neither the key spelled
    // out nor a \u escape that could spell it) need not be parsed. Most pages' JSON-LD holds none.
    if (!text.includes('articleBody') && !text.includes('\\u')) continue;
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      continue;
    }
    // Iterative walk: JSON-LD can nest @graph arrays and objects arbitrarily.
    const stack: unknown[] = [data];
    let seen = 0;
    while (stack.length > 0 && seen++ < 10_000) {
      const v = stack.pop();
      if (Array.isArray(v)) {
        for (const x of v) stack.push(x);
      } else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        const body = o['articleBody'];
        const type = o['@type'];
        const typeText = Array.isArray(type) ? type.join(' ') : typeof type === 'string' ? type : '';
        if (typeof body === 'string' && (typeText === '' || ARTICLE_TYPES.test(typeText))) {
          const description = typeof o['description'] === 'string' ? o['description'] : null;
          if (!best || body.length > best.body.length) best = { body, description };
        }
        for (const key in o) {
          const child = o[key];
          if (child && typeof child === 'object') stack.push(child);
        }
      }
    }
  }
  return best && best.body.trim().length > 0 ? best : null;
}
