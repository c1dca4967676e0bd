// Menus the page did not mark as navigation, in the whole-page reading (which has no pruning
// of its own by class words): a list of short links and nothing else.
import type { Block, Inline } from '../../blocks.js';
import { MENU_MAX_ITEM_CHARS, MENU_MIN_ITEMS } from '../thresholds/passes.js';

/**
 * Menus the page did not mark as navigation (a list whose every item is one short link and
 * nothing else): the whole-page reading's chrome. Cards in a grid carry more than their link (a
 * price, a line of description, a date) and stay.
 */
export function dropMenuLists(blocks: Block[]): Block[] {
  return blocks.filter((b) => !(b.type === 'list' && isMenuList(b.items)));
}

function isMenuList(items: Array<{ children: Block[] }>): boolean {
  if (items.length < MENU_MIN_ITEMS) return false;
  for (const item of items) {
    if (item.children.length !== 1) return false;
    const only = item.children[0]!;
    if (only.type !== 'paragraph') return false;
    const inl = only.children.filter((c) => !(c.type === 'text' && c.text.trim() === ''));
    if (inl.length !== 1 || inl[0]!.type !== 'link') return false;
    if (inlineText(inl[0]!).length > MENU_MAX_ITEM_CHARS) return false;
  }
  return true;
}

function inlineText(i: Inline): string {
  switch (i.type) {
    case 'text':
    case 'code':
      return i.text;
    case 'link':
    case 'emphasis':
    case 'strong':
    case 'delete':
      return i.children.map(inlineText).join('');
    default:
      return '';
  }
}
