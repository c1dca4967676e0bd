// The index profile: the readable text of a homepage or hub, in document order. Headings,
// teasers and link lists are kept; scripts, styles, hidden elements, forms, banners and page
// chrome (site header, footer) are dropped; navigation is kept only when it is the page's
// substance; a link repeated on the page is listed once. Nothing here mutates the document,
// so the content profile can run on the same tree afterwards.
import type { Document, Element } from 'domhandler';
import type { Block, Extraction } from './blocks.js';
import { DropLog, elementPath, type ExplainRequest, type ReadingTried } from './explain.js';
import { blocksTextLength } from './to-blocks/block-text.js';
import { isElement } from './dom/walk.js';
import { documentTitle } from './document-title.js';
import { foldText } from './dom/measures.js';
import { createUrlResolver } from './dom/url-resolver.js';
import { collectPageFacts } from './page/page-facts.js';
import { hasIndexText, hasOwnProse, plain } from './real-text.js';
import { toBlocks } from './to-blocks/to-blocks.js';
import { isHiddenByMarkup } from './dom/visibility.js';
import { navigationIsSubstance, pagePartsOf, Part, teaserHeadersAndFooters } from './index/page-parts.js';
import { tidy } from './index/links-once.js';

/** The index profile's ways of reading a page, in order (explain names them). */
const WITHOUT_NAVIGATION = 'without navigation';
const WITH_NAVIGATION = 'with navigation';
const WITH_CHROME = 'with chrome';

export function extractIndex(doc: Document, finalUrl: string, trace?: ExplainRequest): Extraction | null {
  const facts = collectPageFacts(doc);
  const body = facts.body ?? doc;
  const resolver = createUrlResolver(doc, finalUrl, facts.baseHref);
  const title = documentTitle(doc);
  const partOf = pagePartsOf(teaserHeadersAndFooters(body));
  const explaining = trace?.explain === true;
  const readings: ReadingTried[] = [];
  /** The page through `skip`, noted for explain as the reading `name`. */
  const read = (name: string, leftOut: (part: Part) => boolean): { blocks: Block[]; log: DropLog | null } => {
    const log = explaining ? new DropLog() : null;
    const skip = log
      ? (el: Element) => {
          const part = partOf(el);
          if (!leftOut(part)) return false;
          log.element(el, PART_RULES[part]);
          return true;
        }
      : (el: Element) => leftOut(partOf(el));
    return { blocks: toBlocks(body, resolver, { isHidden: isHiddenByMarkup, skip, origins: log?.origins }), log };
  };
  const note = (name: string, blocks: Block[] | null, accepted: boolean, why: string): void => {
    if (explaining)
      readings.push({ name, tried: blocks !== null, chars: blocks && blocksTextLength(blocks), accepted, why });
  };

  // First pass: no navigation, no page chrome. Navigation is the substance only when the rest
  // of the page has no real text, or far less text than the navigation itself.
  // A hub's link lists are its substance (hasIndexText): a page of four section links is a page.
  const first = read(WITHOUT_NAVIGATION, (part) => part !== Part.Kept);
  const withoutNav = first.blocks;
  let blocks = withoutNav;
  let chosen = first.log;
  if (!hasIndexText(withoutNav) || navigationIsSubstance(body, partOf)) {
    note(
      WITHOUT_NAVIGATION,
      withoutNav,
      false,
      'not accepted: it has no text of its own, or navigation is the substance',
    );
    const second = read(WITH_NAVIGATION, (part) => part === Part.Dropped || part === Part.Chrome);
    blocks = second.blocks;
    chosen = second.log;
    // Chrome comes back only for prose of the page's own: a footer's links and its legal line
    // alone are not a page.
    if (!hasIndexText(blocks)) {
      note(WITH_NAVIGATION, blocks, false, 'not accepted: it has no text of its own');
      const all = read(WITH_CHROME, (part) => part === Part.Dropped);
      const prose = hasOwnProse(all.blocks);
      note(WITH_CHROME, all.blocks, prose, prose ? 'accepted: it holds real prose' : 'not accepted: no real prose');
      if (prose) {
        blocks = all.blocks;
        chosen = all.log;
      }
    } else note(WITH_NAVIGATION, blocks, true, 'accepted: it has text of its own');
  } else note(WITHOUT_NAVIGATION, withoutNav, true, 'accepted: it has text of its own, beside navigation');
  const raw = blocks;
  blocks = tidy(blocks, (block, rule) => chosen?.block(block, rule));
  if (title && blocks[0]?.type === 'heading' && sameText(plain(blocks[0].children), title)) {
    chosen?.block(blocks[0], 'title heading');
    blocks.shift();
  }
  const found = hasIndexText(blocks);
  if (trace && explaining)
    trace.explanation = {
      profile: 'index',
      page_type: null,
      readings,
      strategy: found ? (readings.findLast((r) => r.accepted)?.name ?? WITHOUT_NAVIGATION) : null,
      container: found && raw.length > 0 && isElement(body) ? elementPath(body) : null,
      dropped: chosen?.dropped ?? [],
      dropped_omitted: chosen?.omitted ?? 0,
      // The index profile reads the markup's hiding as it is: it reveals nothing.
      revealed: [],
    };
  if (!found) return null;
  return { title: title || null, blocks };
}

/** The rule an element's part stands for, in explain's records. */
const PART_RULES: Record<Part, string> = {
  [Part.Kept]: 'kept',
  [Part.Dropped]: 'form, overlay or ad',
  [Part.Chrome]: 'page chrome',
  [Part.Navigation]: 'navigation',
};

function sameText(a: string, b: string): boolean {
  return foldText(a) === foldText(b);
}
