// Where an element stands on the page: in navigation, a footer, a sidebar, the comments, a box
// of other stories, a quote, the article; and whether an <h1> is the site's logo.
import type { ChildNode, Element } from 'domhandler';
import { findAll, textContent } from 'domutils';
import { attribute } from '../../parse/nodes.js';
import { collapse } from './text.js';
import { isText } from './node-kinds.js';

// Matched where a class or id word starts (main-nav, navbar, siteFooter, comments), not inside
// another word ("canvas" is not "nav", "off-canvas" wraps whole pages).
const FURNITURE =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?:^|[\s_-])(?:comment|footer|nav|menu|sidebar|related|teaser|widget|breadcrumb)|(?:sub|top|main|mega|site|mobile)(?:nav|menu)/i;

const LAYOUT_MODIFIER = /(?:^|__|--)(?:has|with|without|no|show|hide|is)[-_]|^layout/i;

const FURNITURE_CAMEL = /[a-z](?:Comment|Footer|Nav|Menu|Sidebar|Related|Teaser|Widget|Breadcrumb)/;

/** In navigation, a footer, a sidebar or the comments: names there are not the article's byline. */
export function insideFurniture(el: Element): boolean {
  // <body> and <html> classes name the page's layout ("one-sidebar sidebar-second"), not a region of it.
  for (
    let p: Element | null = el;
    p && p.name && p.name !== 'body' && p.name !== 'html';
    p = p.parent as Element | null
  ) {
    if (p.name === 'nav' || p.name === 'footer' || p.name === 'aside') return true;
    // A layout modifier on the content's own container ("main-content has-double-sidebar",
    // "with-sidebar", "no-comments") describes its neighbours, not the element itself.
    const marks = `${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`
      .split(/\s+/)
      .filter((t) => t && !LAYOUT_MODIFIER.test(t))
      .join(' ');
    if (FURNITURE.test(marks) || FURNITURE_CAMEL.test(marks)) return true;
  }
  return false;
}

/** Marks of a box listing other stories: their bylines are theirs. */
const TEASER_MARK =
  // eslint-disable-next-line max-len -- one pattern or word list, kept whole
  /(?:^|[\s_-])(?:teaser|teasers|most-?read|most-?popular|popular-?(?:posts|stories|articles)|related|recommend(?:ed|ations)?|trending|more-?stories|also-?read|read-?next|up-?next)(?:$|[\s_-])|[a-z](?:Teaser|Related|MostRead|Recommend)/;

/** Inside a teaser / related / most-read box (class or id), below <body>, but not an <article> or <main> itself. */
export function insideTeaser(el: Element): boolean {
  for (
    let p: Element | null = el;
    p && p.name && p.name !== 'body' && p.name !== 'html';
    p = p.parent as Element | null
  ) {
    if (p.name === 'main') return false;
    // A BEM element of a teaser block ("teaser-small__metadata") is a reused component: the
    // article's own header is often built from it.
    const marks = `${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`
      .split(/\s+/)
      .filter((t) => t && !LAYOUT_MODIFIER.test(t) && !t.includes('__'))
      .join(' ');
    if (TEASER_MARK.test(marks)) return true;
  }
  return false;
}

const COMMENT_MARK = /(?:^|[\s_-])comment|[a-z]Comment/;

/** Inside a reader's comment or the comments section (class or id), below <body>. */
export function insideComment(el: Element): boolean {
  for (
    let p: Element | null = el;
    p && p.name && p.name !== 'body' && p.name !== 'html';
    p = p.parent as Element | null
  ) {
    if (COMMENT_MARK.test(`${attribute(p, 'class') ?? ''} ${attribute(p, 'id') ?? ''}`)) return true;
  }
  return false;
}

/** An element's text split at element boundaries (a kicker <span>, a <br>, a subtitle <small>). */
export function lines(el: Element): string[] {
  const out: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const n of nodes) {
      if (isText(n)) {
        const t = collapse(n.data);
        if (t !== '') out.push(t);
      } else if ('children' in n && out.length < 20) walk((n as Element).children);
    }
  };
  walk(el.children);
  return out;
}

const LOGO_MARK =
  /(?:^|[\s_-])(?:logo|site-?title|site-?name|blog-?title|blog-?name|site-?logo|brand|branding|masthead)(?:$|[\s_-])/i;

/** A link to a site's root: "/", "https://host/", an archived root ("/web/2016/http://host/"). */
const ROOT_HREF = /^(?:\.?\/|(?:https?:)?\/\/[^/?#]+\/?|\S*\/https?:\/\/[^/?#]+\/?)(?:index\.\w{2,4})?$/i;

/** An <h1> that is the site's logo: marked as such, linking home as a whole, or inside a home link. */
export function siteLogo(el: Element): boolean {
  if (LOGO_MARK.test(`${attribute(el, 'class') ?? ''} ${attribute(el, 'id') ?? ''}`)) return true;
  for (
    let p = el.parent as Element | null, depth = 0;
    p && p.name && depth < 3;
    p = p.parent as Element | null, depth++
  ) {
    if (p.name === 'a') return homeLink(p);
  }
  const links = findAll((c) => c.name === 'a', el.children);
  if (links.length !== 1) return false;
  const link = links[0]!;
  return homeLink(link) && collapse(textContent(link)) === collapse(textContent(el));
}

function homeLink(a: Element): boolean {
  return (
    (attribute(a, 'rel') ?? '').toLowerCase().split(/\s+/).includes('home') ||
    ROOT_HREF.test((attribute(a, 'href') ?? '').trim())
  );
}

export function insideArticle(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.name; p = p.parent as Element | null) {
    if (p.name === 'article' || p.name === 'main' || (attribute(p, 'itemprop') ?? '') === 'articleBody') return true;
  }
  return false;
}

export function insideQuote(el: Element): boolean {
  for (let p = el.parent as Element | null; p && p.name; p = p.parent as Element | null)
    if (p.name === 'blockquote') return true;
  return false;
}

export function insideSvg(el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) {
    if ((p as Element).name === 'svg') return true;
  }
  return false;
}
