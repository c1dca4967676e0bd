// The index profile: the readable text of a homepage or hub, in document order. Headings,
// teasers and link lists are kept; scripts, styles, hidden elements, forms, banners and page
// chrome (site header, footer) are dropped; navigation is kept only when it is the page's
// substance; a link repeated on the page is listed once. Nothing here mutates the document,
// so the content profile can run on the same tree afterwards.
import type { Document } from 'domhandler';
import type { Extraction } from './blocks.js';
import { documentTitle } from './document-title.js';
import { foldText } from './dom/measures.js';
import { createUrlResolver } from './dom/url-resolver.js';
import { collectPageFacts } from './page/page-facts.js';
import { hasIndexText, hasRealText, plain } from './real-text.js';
import { toBlocks } from './to-blocks/to-blocks.js';
import { isHiddenByMarkup } from './dom/visibility.js';
import { navigationIsSubstance, pagePartsOf, Part, teaserHeadersAndFooters } from './index/page-parts.js';
import { tidy } from './index/links-once.js';

export function extractIndex(doc: Document, finalUrl: string): Extraction | null {
  const facts = collectPageFacts(doc);
  const body = facts.body ?? doc;
  const resolver = createUrlResolver(doc, finalUrl, facts.baseHref);
  const title = documentTitle(doc);
  const partOf = pagePartsOf(teaserHeadersAndFooters(body));

  // First pass: no navigation, no page chrome. Navigation is the substance only when the rest
  // of the page has no real text, or far less text than the navigation itself.
  // A hub's link lists are its substance (hasIndexText): a page of four section links is a page.
  const withoutNav = toBlocks(body, resolver, { isHidden: isHiddenByMarkup, skip: (el) => partOf(el) !== Part.Kept });
  let blocks = withoutNav;
  if (!hasIndexText(withoutNav) || navigationIsSubstance(body, partOf)) {
    blocks = toBlocks(body, resolver, {
      isHidden: isHiddenByMarkup,
      skip: (el) => partOf(el) === Part.Dropped || partOf(el) === Part.Chrome,
    });
    // Chrome comes back only for real prose: a footer's links alone are not a page.
    if (!hasIndexText(blocks)) {
      const all = toBlocks(body, resolver, { isHidden: isHiddenByMarkup, skip: (el) => partOf(el) === Part.Dropped });
      if (hasRealText(all)) blocks = all;
    }
  }
  blocks = tidy(blocks);
  if (title && blocks[0]?.type === 'heading' && sameText(plain(blocks[0].children), title)) blocks.shift();
  if (!hasIndexText(blocks)) return null;
  return { title: title || null, blocks };
}

function sameText(a: string, b: string): boolean {
  return foldText(a) === foldText(b);
}
