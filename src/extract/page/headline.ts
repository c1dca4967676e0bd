// A page's two titles, read in one light pass (title-facts.ts) before extraction prunes the
// tree: the title it declares (declared-title.ts: the metadata fetcher's and clean_web_index's
// `title`) and the headline it prints (headline-rules.ts: clean_web_content's `title`).
import type { Document } from 'domhandler';
import { declaredTitle } from './declared-title.js';
import { headlineOf } from './headline-rules.js';
import { readJsonLd } from './json-ld.js';
import { collectTitleFacts } from './title-facts.js';

export interface PageTitles {
  /** The declared title, verbatim; empty when the page declares none. */
  declared: string;
  /** The headline as printed; empty when the page has none. */
  headline: string;
}

export function pageTitles(doc: Document, finalUrl: string): PageTitles {
  const tags = collectTitleFacts(doc);
  const ctx = { tags, ld: readJsonLd(tags.jsonLd), finalUrl };
  return { declared: declaredTitle(ctx), headline: headlineOf(ctx) ?? '' };
}
