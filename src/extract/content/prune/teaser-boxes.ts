// Teaser boxes inside the chosen article: a box whose class calls it a "teaser" and that links
// elsewhere announces another page ("Mehr zu ...", product and article cards between paragraphs).
// The article's own lead, which sites also call a teaser, is a root of the plan and never looked
// at here; and a page made mostly of teasers is a hub whose teasers are its content.
import type { ChildNode, Element } from 'domhandler';
import { isElement, visitElements } from '../../dom/walk.js';
import type { ElementStats } from '../select/element-stats.js';
import { attribute } from '../../../parse/nodes.js';
import { TEASER } from '../../vocabulary/class-words.js';
import { HUB_SHARE, TEASER_MAX_CHARS } from '../thresholds/prunes.js';

export function pruneTeaserBoxes(roots: ChildNode[], stats: ElementStats, excluded: Set<Element>): void {
  let total = 0;
  let teaserChars = 0;
  const teasers: Element[] = [];
  for (const root of roots) {
    if (!isElement(root)) continue;
    const ri = stats.get(root);
    if (!ri) continue;
    total += ri.chars;
    visitElements(root, (el) => {
      const info = stats.get(el);
      if (!info || excluded.has(el)) return false;
      // The counts first, then the name: most elements link nowhere or hold long text. TEASER
      // is case-blind and bounded by spaces, so it reads the class and the id as they stand.
      if (info.links > 0 && info.chars <= TEASER_MAX_CHARS && isNamedTeaser(el)) {
        teasers.push(el);
        teaserChars += info.chars;
        return false;
      }
      return true;
    });
  }
  if (teasers.length === 0 || teaserChars > HUB_SHARE * total) return;
  for (const el of teasers) excluded.add(el);
}

/** Names an element a teaser (its class or id). */
export function isNamedTeaser(el: Element): boolean {
  const cls = attribute(el, 'class');
  if (cls && TEASER.test(cls)) return true;
  const id = attribute(el, 'id');
  return id !== undefined && id !== '' && TEASER.test(id);
}
