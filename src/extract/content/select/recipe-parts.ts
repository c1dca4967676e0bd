// A recipe's ingredient list is part of the recipe. Recipe pages often print the ingredients
// and the steps in separate boxes (columns, tabs, a drawer), and scoring picks the steps, the
// longer prose. A page that declares a Recipe (JSON-LD, or microdata around the chosen
// content) and marks its ingredients
// (itemprop=recipeIngredient, or the older "ingredients") says where the list is: when the
// chosen content holds none of them, the list joins it, before or after it as the page has it.
import { ElementType } from 'domelementtype';
import type { ChildNode, Element } from 'domhandler';
import { isInside, precedes, textContent } from '../../dom/walk.js';
import { collapseWhitespace } from '../../dom/measures.js';
import { attribute } from '../../../parse/nodes.js';
import type { ElementStats } from './element-stats.js';
import { INGREDIENT_PROP, RECIPE_TYPE } from '../../vocabulary/schema-types.js';
import { MAX_LIST_CHARS, TITLE_CHARS } from '../thresholds/select.js';

export interface RecipeParts {
  /** The ingredient list's box, or null. */
  list: Element | null;
  /** It comes before the chosen content in the page. */
  before: boolean;
}

/**
 * The box of the page's marked ingredients when the chosen roots (minus what they leave out)
 * hold none of them. Only the first copy counts: pages print the list twice (a desktop tab and
 * a mobile drawer), and the second copy starts where an item's text repeats the first item's.
 */
export function missingIngredients(roots: ChildNode[], stats: ElementStats, pruned: Set<Element>): RecipeParts {
  const none: RecipeParts = { list: null, before: false };
  const items: Element[] = [];
  let first = '';
  for (const el of stats.order) {
    const prop = attribute(el, 'itemprop');
    if (prop === undefined || !INGREDIENT_PROP.test(prop)) continue;
    const text = collapseWhitespace(textContent(el));
    if (text === '') continue;
    if (items.length === 0) first = text;
    else if (text === first) break;
    if (isShown(el, roots, pruned)) return none;
    items.push(el);
  }
  if (items.length < 2) return none;
  let box: Element | null = items[0]!;
  for (const it of items.slice(1)) {
    while (box && !isInside(it, box)) box = box.parent as Element | null;
  }
  if (!box || box.type !== ElementType.Tag || (stats.get(box)?.chars ?? Infinity) > MAX_LIST_CHARS) return none;
  // The list's own title ("Ingredients", "For 12 pieces") sits just around it.
  for (
    let p = box.parent as Element | null;
    p && p.type === ElementType.Tag && (stats.get(p)?.chars ?? Infinity) <= stats.get(box)!.chars + TITLE_CHARS;
    p = p.parent as Element | null
  )
    box = p;
  for (const r of roots) if (r === box || isInside(r, box) || isInside(box, r)) return none;
  const firstRoot = roots[0];
  return { list: box, before: firstRoot !== undefined && precedes(box, firstRoot) };
}

/** The chosen content sits in microdata that declares a Recipe (itemtype on an ancestor). */
export function inRecipeScope(roots: ChildNode[]): boolean {
  const first = roots[0];
  for (let p = first?.parent ?? null; p && p.type === ElementType.Tag; p = p.parent) {
    const t = attribute(p, 'itemtype');
    if (t !== undefined && RECIPE_TYPE.test(t)) return true;
  }
  return false;
}

function isShown(el: Element, roots: ChildNode[], pruned: Set<Element>): boolean {
  for (let p: Element | null = el; p && p.type === ElementType.Tag; p = p.parent as Element | null) {
    if (pruned.has(p)) return false;
    if (roots.includes(p)) return true;
  }
  return false;
}
