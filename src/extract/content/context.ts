// Everything one extraction of the content profile knows about its page, made once before the
// first reading and handed to every reading and pass: the page's facts and declarations, what it
// reveals and leaves out, its measures, and what the readings tried so far. No rule keeps state
// of its own between pages: a page's answer depends on that page alone.
import type { AnyNode, Document, Element } from 'domhandler';
import type { Block } from '../blocks.js';
import { createUrlResolver, type UrlResolver } from '../dom/url-resolver.js';
import { rawTextLength } from '../dom/measures.js';
import { isHiddenByMarkup, PageVisibility } from '../dom/visibility.js';
import { collectPageFacts, type PageFacts } from '../page/page-facts.js';
import { pageTitle } from '../page/page-title.js';
import { pageBody } from '../page/page-body.js';
import { titleHeading } from '../page/title-heading.js';
import { declaredPageType, declaredTypes, sellsOneProduct, type DeclaredType } from '../page/page-type.js';
import { Exclusions } from './exclude/exclusions.js';
import { wideGridStats } from './exclude/grid-search.js';
import { productRails } from './exclude/product-rails.js';
import { ElementStats } from './select/element-stats.js';
import { TextMeasures } from './select/text-measures.js';
import { ATTEMPTS } from './select/attempt-flags.js';
import { frameChars } from './select/whole-page.js';
import { findCardGrid, findPageGrid, type CardGrid, type GridBound } from './select/card-grid.js';
import type { Attempt, Plan } from './readings/attempt.js';
import { declaredAuthors } from '../page/declared-authors.js';

/** What became of one reading on this page (readings/reading.ts records it; explain reports it). */
export interface Outcome {
  reading: string;
  /** It applied to the page and to what was found before it. */
  tried: boolean;
  /** What it read, when it read anything. */
  attempt?: Attempt;
  /** It replaced what was found. */
  accepted?: boolean;
}

export class ContentContext {
  readonly facts: PageFacts;
  readonly resolver: UrlResolver;
  /** What the page leaves out, by its own hidden test (after the reveal). */
  readonly ex: Exclusions;
  /** The lists read set in the run of the text (prune/introduced-lists.ts), for the link-line pass. */
  readonly listsInText = new WeakSet<Block>();
  /** The lines a thread's posts were read again for (readings/post-authors.ts: authors' names and
   *  dates), which the furniture-line pass leaves. */
  readonly postLines = new WeakSet<Block>();
  /** The article title: og:title, else the <title> without its site name, else the first <h1>. */
  readonly title: string | null;
  /** The page's <body> (page-body.ts), or the document when there is none. */
  readonly frame: Element | Document;
  /** The elements the markup hides that this page reveals (dom/visibility.ts), outermost first. */
  readonly revealed: readonly Element[];
  /** The <h1> that says what the title says, or null. */
  readonly heading: Element | null;
  /** The strict measure: the page minus what the strict readings leave out. */
  readonly stats: ElementStats;
  /** Each element's text measures, read once for all the page's measures (taken after the reveal,
   *  the last change to the tree). */
  readonly texts = new TextMeasures();
  /** Every JSON-LD `@type` the page declares. */
  readonly types: string[];
  readonly declaredType: DeclaredType;
  /** On a page declared an article, picture captions stay out of the relaxed readings too: the
   *  article is its text (in a gallery or a listing the captions can be the content). */
  readonly captionsOut: boolean;
  /** The page is declared a product and offers it for sale (page/page-type.ts `sellsOneProduct`). */
  readonly sellsProduct: boolean;
  /** A product page's rails (other products, reviews), left out of its readings; else null. */
  readonly rails: Set<Element> | null;
  /** The relaxed readings share one measure (they keep the same elements, only their scores
   *  differ) and skip a plan the one before them made already. */
  readonly relaxed: { stats: ElementStats | null; previous: Plan | null } = { stats: null, previous: null };
  /** Every reading's outcome, in order. */
  readonly outcomes: Outcome[] = [];
  private wideMeasure: ElementStats | null = null;
  private declared: string[] | null = null;
  private readonly cardGrids = new Map<ElementStats, CardGrid | null>();
  private readonly rawChars = new Map<AnyNode, number>();

  constructor(
    readonly doc: Document,
    readonly finalUrl: string,
    /** Each reading notes what it leaves out (explain.ts): the caller asked why. */
    readonly explaining = false,
  ) {
    // The facts walk also finds the body's outermost hidden elements, for the reveal.
    const facts = (this.facts = collectPageFacts(doc, isHiddenByMarkup));
    const visibility = new PageVisibility();
    // Nothing asks what is excluded before the reveal below (the answers are remembered).
    this.ex = new Exclusions(visibility.isHidden, (root) => this.pageChars(root));
    this.resolver = createUrlResolver(doc, finalUrl, facts.baseHref);
    this.title = pageTitle(facts);
    // A document pasted into the head holds the first <body>; the root's own one is the page's.
    const body = pageBody(doc, facts.body);
    this.frame = body ?? doc;
    this.revealed = visibility.reveal(this.frame, body === facts.body ? (facts.hiddenTops ?? undefined) : undefined);
    this.heading = titleHeading(facts, this.title);
    const strict = ATTEMPTS[0]!;
    this.stats = new ElementStats(this.frame, (el) => this.ex.always(el) || this.ex.strictly(el, strict), this.texts);
    this.types = declaredTypes(facts.jsonLdScripts);
    this.declaredType = declaredPageType(doc, this.types);
    this.captionsOut = this.declaredType === 'article';
    // The rails are found on the wide measure, which the grid readings then share (productRails).
    this.sellsProduct = this.declaredType === 'product' && sellsOneProduct(this.types);
    this.rails = this.sellsProduct ? this.productRails() : null;
  }

  /** The rails on the wide measure, and those the wide measure leaves out as chrome (a sidebar
   *  column): the page read whole keeps such a column, so its rails are found on a measure of
   *  all that is not hidden or never text (the wide one's own stand: its shares are of a page
   *  without the chrome). */
  private productRails(): Set<Element> {
    const wide = this.wide();
    const rails = productRails(wide, frameChars(this.frame, wide));
    const broad = new ElementStats(this.frame, (el) => this.ex.always(el), this.texts);
    for (const el of productRails(broad, frameChars(this.frame, broad))) if (!wide.get(el)) rails.add(el);
    return rails;
  }

  /** The people the page declares as its authors (page/declared-authors.ts), read once when first asked. */
  authors(): readonly string[] {
    return (this.declared ??= declaredAuthors(this.doc, this.facts.jsonLdScripts));
  }

  /** The page's wide measure (exclude/grid-search.ts), taken once when first asked. */
  readonly wide = (): ElementStats => (this.wideMeasure ??= wideGridStats(this.ex, this.frame, this.stats, this.texts));

  /** The wide measure when a reading has taken it already, else null (the whole-page gate reads
   *  it only then: taking it costs a walk of the page). */
  wideIfMeasured(): ElementStats | null {
    return this.wideMeasure;
  }

  /** The page's card grid (select/card-grid.ts), with the card grids of each measure found once. */
  pageGrid(wide: (() => ElementStats) | null, mustExceed: number): ReturnType<typeof findPageGrid> {
    const bound: GridBound = { pageChars: this.facts.textLength, mustExceed };
    return findPageGrid(this.stats, wide, bound, (stats) => this.cardGrid(stats));
  }

  /** The outcome of the reading of that name, when it has run. */
  outcome(reading: string): Outcome | undefined {
    for (const o of this.outcomes) if (o.reading === reading) return o;
    return undefined;
  }

  private cardGrid(stats: ElementStats): CardGrid | null {
    let grid = this.cardGrids.get(stats);
    if (grid === undefined) this.cardGrids.set(stats, (grid = findCardGrid(stats)));
    return grid;
  }

  /** The raw text length of a page's root (layout-wrappers.ts): the facts walk counted the
   *  document's. */
  private pageChars(root: AnyNode): number {
    if (root === this.doc) return this.facts.textLength;
    let n = this.rawChars.get(root);
    if (n === undefined) this.rawChars.set(root, (n = rawTextLength(root)));
    return n;
  }
}
