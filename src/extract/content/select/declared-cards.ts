// Cards beside a declared body: a site that marks its article text "post-content" often marks
// the excerpt of each related or recent post the same way, so the declared group holds the body
// and a run of look-alike cards ("p.body-text-small ... Read more" six times, five
// `article.home-post-content` under the post). A body split into sections repeats its own shape
// beside it; cards repeat a shape of their own away from it, each links to the page it announces
// (from its excerpt or from the title beside it), and together they hold a small share of the
// body's text. An FAQ's answers or a list's items, unlinked, are not cards. A card may even
// repeat the body's own shape (a related-posts carousel of `<article>`s, each excerpt in the
// theme's "entry-content-wrap"): set in an `<article>` that is not the body's, it is another
// page's, not a section of this one.
import type { Element } from 'domhandler';
import type { ElementStats } from './element-stats.js';
import { isElement } from '../../dom/walk.js';
import { shapeOf } from './card-grid.js';
import { DECLARED_ARTICLE_CARDS_SHARE, DECLARED_CARDS_MIN, DECLARED_CARDS_SHARE } from '../thresholds/readings.js';

/** The run of the body's own shape in other <article>s (no class shape is empty). */
const ARTICLE_CARDS = '';

/** The declared group's members (outermost, document order) parted into the body's and the
 *  cards: members of one shape other than the largest member's, not its siblings, at least
 *  DECLARED_CARDS_MIN of them, each linking out, together under DECLARED_CARDS_SHARE of the
 *  largest member's text. */
export function partDeclaredCards(members: Element[], stats: ElementStats): { body: Element[]; cards: Element[] } {
  const none = { body: members, cards: [] };
  if (members.length <= DECLARED_CARDS_MIN) return none;
  let body = members[0]!;
  for (const el of members) if (stats.get(el)!.chars > stats.get(body)!.chars) body = el;
  const bodyShape = shapeOf(body);
  const bodyArticles = articlesAround(body);
  // Away from the body: not its sibling, and of another shape or in an <article> of its own.
  const away = (el: Element, shape: string): boolean =>
    el.parent !== body.parent && (shape !== bodyShape || inOtherArticle(el, bodyArticles));
  const byShape = new Map<string, { count: number; chars: number; unlinked: number }>();
  for (const el of members) {
    const shape = shapeOf(el);
    // The body's siblings are its own parts (headings, tables, lists set beside it).
    if (!away(el, shape)) continue;
    // Another <article>'s members are their own items: held to the body's length, not a share of it.
    const key = shape === bodyShape ? ARTICLE_CARDS : shape;
    const run = byShape.get(key) ?? { count: 0, chars: 0, unlinked: 0 };
    run.count++;
    if (!linksOut(el, stats)) run.unlinked++;
    run.chars += stats.get(el)!.chars;
    byShape.set(key, run);
  }
  const cardShapes = new Set<string>();
  const bodyChars = stats.get(body)!.chars;
  for (const [shape, run] of byShape)
    if (
      run.count >= DECLARED_CARDS_MIN &&
      run.unlinked === 0 &&
      run.chars < (shape === ARTICLE_CARDS ? DECLARED_ARTICLE_CARDS_SHARE : DECLARED_CARDS_SHARE) * bodyChars
    )
      cardShapes.add(shape);
  if (cardShapes.size === 0) return none;
  const isCard = (el: Element): boolean => {
    const shape = shapeOf(el);
    return cardShapes.has(shape === bodyShape ? ARTICLE_CARDS : shape) && away(el, shape);
  };
  return { body: members.filter((el) => !isCard(el)), cards: members.filter(isCard) };
}

/** A card links to what it announces: from its own text, or from its wrapper (the title link
 *  beside the excerpt). */
function linksOut(el: Element, stats: ElementStats): boolean {
  if (stats.get(el)!.links > 0) return true;
  const wrapper = el.parent;
  return wrapper !== null && isElement(wrapper) && (stats.get(wrapper)?.links ?? 0) > 0;
}

/** The `<article>` elements holding `el` (itself included). */
function articlesAround(el: Element): Set<Element> {
  const out = new Set<Element>();
  for (let p: Element | null = el; p; p = p.parent && isElement(p.parent) ? p.parent : null)
    if (p.name === 'article') out.add(p);
  return out;
}

/** Whether the nearest `<article>` holding `el` (itself included) is not one of the body's. */
function inOtherArticle(el: Element, bodyArticles: Set<Element>): boolean {
  for (let p: Element | null = el; p; p = p.parent && isElement(p.parent) ? p.parent : null)
    if (p.name === 'article') return !bodyArticles.has(p);
  return false;
}
