// What kind of page this says it is, from the page's own declarations: the Open Graph type and
// the schema.org types of its JSON-LD. Generic vocabularies only; a page that declares nothing
// is 'unknown' and is judged by its structure instead.
import type { Document, Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { textContent, visitElements } from '../dom/walk.js';
import {
  ARTICLE_TYPE,
  FAQ_TYPE,
  FORUM_TYPE,
  LISTING_TYPE,
  LIST_PAGE_TYPE,
  OFFER_TYPE,
  PRODUCT_TYPE,
} from '../vocabulary/schema-types.js';

export type DeclaredType = 'article' | 'product' | 'forum' | 'listing' | 'unknown';

const TYPE_FIELD = /"@type"\s*:\s*(\[[^\]]*\]|"[^"]*")/g;
/** The page's kind from its JSON-LD `@type`s (`declaredTypes`), else its Open Graph type. */
export function declaredPageType(doc: Document, types: readonly string[]): DeclaredType {
  // Most specific first: a thread or a product page often also carries a BreadcrumbList, a
  // WebPage and an Organization; an article page may list products it mentions, so the
  // article declaration wins over a product one only when no Product is the page's subject.
  const faq = types.some((t) => FAQ_TYPE.test(t));
  if (types.some((t) => FORUM_TYPE.test(t) && !(faq && t === 'Question'))) return 'forum';
  if (types.some((t) => PRODUCT_TYPE.test(t))) return types.some((t) => ARTICLE_TYPE.test(t)) ? 'article' : 'product';
  if (types.some((t) => ARTICLE_TYPE.test(t))) return 'article';
  if (types.some((t) => LISTING_TYPE.test(t))) return 'listing';
  const og = openGraphType(doc);
  if (og === 'article' || og.startsWith('article:')) return 'article';
  if (og === 'product' || og.startsWith('product')) return 'product';
  return 'unknown';
}

function openGraphType(doc: Document): string {
  let og = '';
  visitElements(doc, (el) => {
    if (el.name === 'body') return false;
    if (el.name === 'meta' && (attribute(el, 'property') ?? attribute(el, 'name')) === 'og:type') {
      og = (attribute(el, 'content') ?? '').trim().toLowerCase();
    }
    return undefined;
  });
  return og;
}

/** Every JSON-LD `@type` the page declares, without the schema.org prefix. */
export function declaredTypes(jsonLdScripts: Element[]): string[] {
  const types: string[] = [];
  for (const s of jsonLdScripts) {
    for (const m of textContent(s).matchAll(TYPE_FIELD)) {
      for (const t of m[1]!.replace(/[[\]"]/g, '').split(','))
        types.push(t.trim().replace(/^https?:\/\/schema\.org\//, ''));
    }
  }
  return types;
}

/** A page declared a product (see declaredPageType) is one product offered for sale when its
 *  declarations include an offer (a price), or when it declares no Product at all (the Open
 *  Graph type said so); not when it also declares itself a list of items (a category page
 *  listing its products as Products), nor a Product with only a rating (services mark their
 *  review stars so). */
export function sellsOneProduct(types: readonly string[]): boolean {
  if (types.some((t) => LIST_PAGE_TYPE.test(t))) return false;
  return types.some((t) => OFFER_TYPE.test(t)) || !types.some((t) => PRODUCT_TYPE.test(t));
}
