// JSON-LD articleBody: the page's own statement of its article text, used as a cross-check
// on what scoring found (and as a last resort when scoring finds far less).
import type { Element } from 'domhandler';
import type { Block } from '../../blocks.js';
import { textContent } from '../../dom/walk.js';
import { collapseWhitespace } from '../../dom/measures.js';
import { isHiddenByMarkup } from '../../dom/visibility.js';
import { blocksTextLength } from '../../to-blocks/block-text.js';
import { toBlocks } from '../../to-blocks/to-blocks.js';
import { parseHtml } from '../../../parse/parse-html.js';
import type { ContentContext } from '../context.js';
import { ENOUGH_CHARS, JSON_LD_MAX_VALUES, JSON_LD_OVER, STANDFIRST_MIN_CHARS } from '../thresholds/readings.js';
import { ALWAYS, reading } from './reading.js';
import { ARTICLE_BODY_TYPES } from '../../vocabulary/schema-types.js';

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
    while (stack.length > 0 && seen++ < JSON_LD_MAX_VALUES) {
      const v = stack.pop();
      if (Array.isArray(v)) {
        for (const x of v) stack.push(x);
      } else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        const body = o['articleBody'];
        const type = o['@type'];
        const typeText = Array.isArray(type) ? type.join(' ') : typeof type === 'string' ? type : '';
        if (typeof body === 'string' && (typeText === '' || ARTICLE_BODY_TYPES.test(typeText))) {
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

/** The page's own JSON-LD articleBody, when it holds far more than was found, is the better
 *  statement of the article (the markup fooled us, or the text is in a script template). */
export const jsonLdBodyReading = reading<JsonLdArticle>({
  name: 'json-ld body',
  kind: 'json-ld',
  when: 'the page declares an articleBody in JSON-LD of JSON_LD_OVER times what was found, and ENOUGH_CHARS or more',
  reads:
    'the articleBody as paragraphs (read as HTML when it holds tags or character references), ' +
    'opened by its description when that is a standfirst',
  accepts: 'always',
  applies(ctx, found) {
    const a = jsonLdArticle(ctx.facts.jsonLdScripts);
    return a && a.body.length > JSON_LD_OVER * found.chars && a.body.length > ENOUGH_CHARS ? a : false;
  },
  read(ctx, _found, a) {
    const text = jsonLdStandfirst(a) + a.body;
    if (!MARKUP.test(text)) {
      return { blocks: paragraphsOf(text), chars: text.length, plan: null, strategy: 'json-ld articleBody' };
    }
    const blocks = markupParagraphs(ctx, text);
    return { blocks, chars: blocksTextLength(blocks), plan: null, strategy: 'json-ld articleBody' };
  },
  accept: ALWAYS,
});

/** The article's description opens the JSON-LD text when it is a standfirst: a whole
 *  sentence or two (not cut short with an ellipsis) that the body does not already hold. */
function jsonLdStandfirst(a: JsonLdArticle): string {
  const d = collapseWhitespace(a.description ?? '');
  if (d.length < STANDFIRST_MIN_CHARS || /(?:\.\.\.|…)$/.test(d)) return '';
  const body = collapseWhitespace(a.body);
  return body.includes(d.slice(0, STANDFIRST_MIN_CHARS)) ? '' : d + '\n';
}

function paragraphsOf(text: string): Block[] {
  return text
    .split(/\n\s*\n|\r?\n/)
    .map(collapseWhitespace)
    .filter((t) => t !== '')
    .map((t) => ({ type: 'paragraph', children: [{ type: 'text', text: t }] }));
}

/** A tag or a character reference: some sites put the article's HTML in articleBody
 *  ("<p>...</p>", "Let&rsquo;s"), which read as text would print. */
const MARKUP = /<\/?[a-z][a-z\d]*(?:\s[^<>]*)?>|&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/i;

/** Each line read as HTML (its tags as blocks and links, its references decoded): a body that
 *  breaks its paragraphs with newlines keeps them, one that sets them as <p> keeps those. */
function markupParagraphs(ctx: ContentContext, text: string): Block[] {
  const blocks: Block[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    blocks.push(...toBlocks(parseHtml(line), ctx.resolver, { isHidden: isHiddenByMarkup }));
  }
  return blocks;
}
