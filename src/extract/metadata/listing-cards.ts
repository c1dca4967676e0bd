// The cards of a listing: a blog's index, a category grid, a list of search results or of other
// stories. Each card repeats the same element (tag and first class) beside its siblings, is
// short, and names its own item (a heading or a linked title): its byline and date sign and date
// that item, not the page. A byline or date element is "listed" when, within CARD_CLIMB levels
// above it, LISTING_MIN_CARDS or more such sibling cards, titled each its own way, hold a
// candidate of the same sort. A thread's posts repeat too, but they are long, and short replies
// repeat the thread's title ("Re: ..."), so the starter's byline and date stay.
import type { Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { isHeading } from '../dom/headings.js';
import { textContent as textUpTo } from '../dom/walk.js';
import { isPlainTag } from './node-kinds.js';
import type { BylineTag, PageTags, TimeTag } from './tag-types.js';
import { collapse } from './text.js';
import {
  CARD_CLIMB,
  CARD_TITLE_WORDS,
  LISTING_MIN_CARDS,
  MAX_CARD_CHARS,
  MAX_CARD_SCAN,
  MAX_LISTED_TITLES,
} from './thresholds.js';

/** The kind of a card: its tag and first class ("li.card", "article.post"). */
function kindOf(el: Element): string {
  const cls = (attribute(el, 'class') ?? '').trim().split(/\s+/)[0] ?? '';
  return `${el.name}.${cls}`;
}

/**
 * What names a card's item: the text of its first heading or link of CARD_TITLE_WORDS or more
 * words (a bounded scan), when the card is short (a teaser, not a post with its text); else null.
 */
function titleOf(card: Element): string | null {
  if (collapse(textUpTo(card, MAX_CARD_CHARS + 1)).length > MAX_CARD_CHARS) return null;
  const stack: Element[] = [card];
  for (let seen = 0; stack.length && seen < MAX_CARD_SCAN; seen++) {
    const el = stack.pop()!;
    if (isHeading(el) || (el.name === 'a' && attribute(el, 'href'))) {
      const title = collapse(textUpTo(el, MAX_CARD_CHARS));
      if (title.split(' ').length >= CARD_TITLE_WORDS) return title.toLowerCase();
      if (el.name === 'a') continue;
    }
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i];
      if (isPlainTag(c)) stack.push(c);
    }
  }
  return null;
}

/**
 * Cards list items when LISTING_MIN_CARDS of them are titled each its own way: a thread's
 * replies repeat its title ("Re: ..."), so no title holds another.
 */
function listing(titles: ReadonlySet<string>): boolean {
  if (titles.size < LISTING_MIN_CARDS) return false;
  const all = [...titles];
  return all.every((a, i) => all.every((b, j) => i === j || !a.includes(b)));
}

/** Records where candidates of one sort (bylines, or dates) sit, then tells which are listed. */
class ListingCards {
  /** Per parent, how many of its element children are of each kind. */
  private readonly kinds = new Map<Element, Map<string, number>>();
  /** Per list (the cards' parent), the titles of its cards that hold a candidate. */
  private readonly cards = new Map<Element, Set<string>>();
  private readonly placed: Element[][] = [];
  private readonly titles = new Map<Element, string | null>();
  private readonly listings = new Map<Element, boolean>();

  /** Places a candidate element; returns its ticket for listed(). */
  place(el: Element): number {
    const lists: Element[] = [];
    let card = el.parent as Element | null;
    for (let depth = 0; card && isPlainTag(card) && card.name !== 'body' && depth < CARD_CLIMB; depth++) {
      const list = card.parent as Element | null;
      if (!list || !isPlainTag(list)) break;
      const title = (this.kindsOf(list).get(kindOf(card)) ?? 0) >= LISTING_MIN_CARDS ? this.titleOf(card) : null;
      if (title !== null) {
        let set = this.cards.get(list);
        if (!set) this.cards.set(list, (set = new Set()));
        if (set.size < MAX_LISTED_TITLES) set.add(title);
        lists.push(list);
      }
      card = list;
    }
    this.placed.push(lists);
    return this.placed.length - 1;
  }

  /** Whether the candidate placed with this ticket sits in a card of a listing. */
  listed(ticket: number): boolean {
    return (this.placed[ticket] ?? []).some((list) => {
      let yes = this.listings.get(list);
      if (yes === undefined) this.listings.set(list, (yes = listing(this.cards.get(list) ?? new Set())));
      return yes;
    });
  }

  private titleOf(card: Element): string | null {
    let t = this.titles.get(card);
    if (t === undefined) this.titles.set(card, (t = titleOf(card)));
    return t;
  }

  private kindsOf(parent: Element): Map<string, number> {
    let counts = this.kinds.get(parent);
    if (!counts) {
      counts = new Map();
      for (const c of parent.children) if (isPlainTag(c)) counts.set(kindOf(c), (counts.get(kindOf(c)) ?? 0) + 1);
      this.kinds.set(parent, counts);
    }
    return counts;
  }
}

/**
 * The byline and date candidates of one pass over the page, with where they sit; apply() then
 * marks the bylines and <time>s that are listed and drops listed date texts.
 */
export class ListingMarks {
  private readonly bylineCards = new ListingCards();
  private readonly dateCards = new ListingCards();
  private readonly bylines: Array<[BylineTag, number]> = [];
  private readonly times: Array<[TimeTag, number]> = [];
  private readonly dateTexts: Array<[string, boolean, number]> = [];

  byline(el: Element, tag: BylineTag): void {
    this.bylines.push([tag, this.bylineCards.place(el)]);
  }

  time(el: Element, tag: TimeTag): void {
    this.times.push([tag, this.dateCards.place(el)]);
  }

  /** A date-marked element's text; `pub` when it is marked as the publication date itself. */
  dateText(el: Element, text: string, pub: boolean): void {
    this.dateTexts.push([text, pub, this.dateCards.place(el)]);
  }

  apply(tags: PageTags): void {
    for (const [b, ticket] of this.bylines) if (this.bylineCards.listed(ticket)) b.listed = true;
    for (const [t, ticket] of this.times) if (this.dateCards.listed(ticket)) t.listed = true;
    const own = this.dateTexts.filter(([, , ticket]) => !this.dateCards.listed(ticket));
    tags.dateTexts = own.map(([text]) => text);
    tags.pubDateTexts = own.filter(([, pub]) => pub).map(([text]) => text);
  }
}
