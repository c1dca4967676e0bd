// What a byline element says as names. Bylines are markup, not sentences: "By", the name
// link, the outlet and the date are often sibling nodes with no space between them
// ("By Joe DavidsonWashington PostDec 13"), so the text is read node by node and stops at the
// first node after the names that is not a name or a connector.
import type { ChildNode, Element } from 'domhandler';
import { cleanAuthor } from './author-names.js';
import { collapse } from './text.js';
import { isText } from './node-kinds.js';
import { MAX_SEGMENTS, MAX_SEGMENT_WORDS } from './thresholds.js';

const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'button', 'time']);
/** A node that only announces the name ("By", "Von", "Autor:", "Text von"). */
export const LEAD_ONLY =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /^(?:(?:erstellt|geschrieben|gepostet|gespeichert|redigiert)\s+von|vom|(?:publié|écrit|rédigé)\s+par|(?:escrito|publicado)\s+por|redaktion:|written\s+by|article\s+by|posted\s+by|published\s+by|story\s+by|words\s+by|thread\s+starter|started\s+by|text(?:\s+von)?|by|von|par|por|door|autor(?:in)?|author|contributors?|auteur|verfasst\s+von|eingestellt\s+von|veröffentlicht\s+von|ein\s+(?:beitrag|artikel)\s+von)\s*:?$/i;
/** Byline words of one language and the languages they belong to (BCP 47 primary subtags). */
const LANGUAGE_LEADS: ReadonlyArray<readonly [RegExp, RegExp]> = [
  [/^door(?:$|\s)/i, /^nl$/i],
  [/^por(?:$|\s)/i, /^(?:es|pt|gl|ca)$/i],
  [/^par(?:$|\s)/i, /^fr$/i],
];

/**
 * A byline word of a language other than the one the page declares: on an English page "Door
 * View Cam" is a product and "POR" a team's abbreviation, not Dutch or Spanish for "by". A page
 * that declares no language keeps every byline word.
 */
export function otherLanguage(lead: string, lang: string | null): boolean {
  const primary = lang?.trim().split(/[-_]/)[0];
  if (!primary) return false;
  const text = lead.replace(/^[-\u2013\u2014|\u00b7\u2022]\s*/, '');
  return LANGUAGE_LEADS.some(([word, langs]) => word.test(text) && !langs.test(primary));
}

/** A node joining two names ("and", ",", "&", "und"). */
const CONNECTOR = /^(?:[,;&ey]|and|und|et|og|och|en)$/i;

/** The text nodes of an element, collapsed, in order (at most MAX_SEGMENTS). */
function segments(el: Element): string[] {
  const out: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const n of nodes) {
      if (out.length >= MAX_SEGMENTS) return;
      if (isText(n)) {
        const t = collapse(n.data);
        if (t !== '') out.push(t);
      } else if ('children' in n && !SKIP.has((n as Element).name)) walk((n as Element).children);
    }
  };
  walk(el.children);
  return out;
}

/** The names a byline element gives, joined with ", " (cleaned), or null. */
export function bylineNames(el: Element): string | null {
  const names: string[] = [];
  let wantMore = false;
  for (const seg of segments(el)) {
    // A sentence (an author's note, a teaser's text) ends the byline; before any name, the element is prose.
    if (seg.split(' ').length > MAX_SEGMENT_WORDS) break;
    if (LEAD_ONLY.test(seg)) continue;
    if (CONNECTOR.test(seg)) {
      if (names.length) wantMore = true;
      continue;
    }
    const n = cleanAuthor(seg);
    if (n && (names.length === 0 || wantMore)) {
      for (const x of n.split(', ')) if (!names.includes(x)) names.push(x);
      // "Jane Doe," or "Jane Doe and" announces another name in the next node.
      wantMore = /(?:[,;&]|\s(?:and|und|et))\s*$/i.test(seg);
      continue;
    }
    if (names.length) break;
  }
  return names.length ? names.join(', ') : null;
}
