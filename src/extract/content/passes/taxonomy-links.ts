// Keyword links inside a sentence that lead to the site's own tag or topic archive ("Wenn
// [Helmut Kohl](/themen/helmut-kohl) emotional wurde", "[Strava](/tag/strava)") are put there
// by the publishing system on every name it knows: they lead to a listing of the site's
// articles, not to a source the author cites. A reader of the text keeps the words and not the
// address, as for links into the page itself (same-page-links.ts). Links a sentence cites
// (other sites, articles, documents) keep their address; a line of tag links is not a sentence
// (the block pass judges it as a link line before this runs).
import type { Block, Inline } from '../../blocks.js';
import { isStyled } from '../../blocks.js';

/** An archive path: an optional language prefix, the taxonomy word, one slug. */
const ARCHIVE_PATH = new RegExp(
  '^\\/(?:[a-z]{2}(?:[-_][a-z]{2})?\\/)?(?:tag|tags|thema|themen|topic|' +
    'topics|tema|temas|topicos|tópicos|t%c3%b3picos|etiqueta|etiquetas|' +
    'schlagwort|schlagworte|stichwort|stichworte|keyword|' +
    'keywords)\\/[^/?#]+\\/?$',
  'i',
);

/** The site's search for one word ("/search?term=Brandenburg"), linked on that word: the same
 *  kind of keyword link. */
const SEARCH_PATH = /^\/(?:[a-z]{2}(?:[-_][a-z]{2})?\/)?(?:search|suche|buscar|recherche|cerca|szukaj)\/?$/i;
const SEARCH_QUERY = /^\?(?:term|[qsk]|query)=[^&]+$/i;

/** A glossary entry of the site, linked on the term wherever it appears. */
const GLOSSARY_PATH =
  /\/(?:glossar|glossary|glossaire|glosario|glossario|glossareintraege|lexikon|lexicon)(?:[/_-]|\.html?$|$)/i;

export function dropTaxonomyLinks(blocks: Block[], pageUrl: string): Block[] {
  const host = hostOf(pageUrl);
  if (host === null) return blocks;
  let changed = false;
  const out = blocks.map((b) => {
    if (b.type !== 'paragraph' || !runningText(b.children)) return b;
    const children = unlink(b.children, host);
    if (children === b.children) return b;
    changed = true;
    return { ...b, children };
  });
  return changed ? out : blocks;
}

function unlink(nodes: Inline[], host: string): Inline[] {
  let changed = false;
  const out = nodes.map((n): Inline => {
    if (n.type === 'link') {
      if (n.href !== null && isArchiveLink(n.href, host)) {
        changed = true;
        return { type: 'link', href: null, children: n.children };
      }
      return n;
    }
    if (isStyled(n)) {
      const children = unlink(n.children, host);
      if (children === n.children) return n;
      changed = true;
      return { ...n, children };
    }
    return n;
  });
  return changed ? out : nodes;
}

function isArchiveLink(href: string, host: string): boolean {
  let u: URL;
  try {
    u = new URL(href);
  } catch {
    return false;
  }
  if (!sameSite(bareHost(u.hostname), host)) return false;
  if (GLOSSARY_PATH.test(u.pathname)) return true;
  if (u.search === '') return ARCHIVE_PATH.test(u.pathname);
  return SEARCH_QUERY.test(u.search) && SEARCH_PATH.test(u.pathname);
}

/** A sentence with links in it, not a line of links: its unlinked text outweighs its linked text. */
function runningText(nodes: Inline[]): boolean {
  const [linked, plain] = measure(nodes, false);
  return linked > 0 && plain > linked;
}

function measure(nodes: Inline[], inLink: boolean): [number, number] {
  let linked = 0;
  let plain = 0;
  for (const n of nodes) {
    if (n.type === 'text') {
      const len = n.text.trim().length;
      if (inLink) linked += len;
      else plain += len;
    } else if ('children' in n) {
      const [l, p] = measure(n.children, inLink || n.type === 'link');
      linked += l;
      plain += p;
    }
  }
  return [linked, plain];
}

function hostOf(url: string): string | null {
  try {
    return bareHost(new URL(url).hostname);
  } catch {
    return null;
  }
}

/** The same host, or one a subdomain of the other (a blog at "shop.example.com" linking to
 *  "example.com/tag/..."). */
function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith('.' + b) || b.endsWith('.' + a);
}

function bareHost(h: string): string {
  return h.toLowerCase().replace(/^www\d?\./, '');
}
