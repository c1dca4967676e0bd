// Whether a shown date dates the page's last update rather than its publication: its markup
// names it so (hAtom's "updated", "modified", "last-updated") or the words printed just before
// it announce one ("Notion alternatives page was last updated <time>", "Aktualisiert am
// <time>"). Such a date is the page's modified_at, never its published_at.
import type { AnyNode, Element } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { textContent as textUpTo } from '../dom/walk.js';
import { collapse } from './text.js';

/** A class or id word naming an update; WordPress marks a post never updated "published updated": no update then. */
const UPDATE_MARK =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?:^|[\s_-])(?:updated|modified|last-?updated|last-?modified|date-?modified|revised)(?:$|[\s_-])|[a-z](?:Updated|Modified)(?![a-z])/;
const PUBLISHED_MARK = /publish|posted|created|pubdate/i;

/** An update announced at the end of the text before a date (collapsed, colon cut), with "on" ("Updated on"). */
const UPDATE_LEAD =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?<!\p{L})(?:updated|last (?:modified|edited|reviewed)|aktualisiert|letzte änderung|zuletzt geändert|stand|mis à jour|actualizado|aggiornato|bijgewerkt)(?: (?:on|am|le|el|il|op|at))?$/iu;

/** Characters of text before a date read for an announcement. */
const UPDATE_LEAD_CHARS = 80;

/** Levels climbed from the date when nothing is printed before it inside its own parent. */
const UPDATE_LEAD_LEVELS = 2;

export function updateDate(el: Element): boolean {
  const marks = `${attribute(el, 'class') ?? ''} ${attribute(el, 'id') ?? ''}`;
  if (UPDATE_MARK.test(marks) && !PUBLISHED_MARK.test(marks)) return true;
  let node: AnyNode | null = el;
  for (let level = 0; node && level <= UPDATE_LEAD_LEVELS; level++, node = node.parent) {
    let before = '';
    for (let s = node.prev; s && before.length < UPDATE_LEAD_CHARS; s = s.prev)
      before = textUpTo(s, UPDATE_LEAD_CHARS).slice(-UPDATE_LEAD_CHARS) + before;
    let lead = collapse(before.slice(-UPDATE_LEAD_CHARS));
    while (lead.endsWith(':')) lead = lead.slice(0, -1).trimEnd();
    if (lead !== '') return UPDATE_LEAD.test(lead);
  }
  return false;
}
