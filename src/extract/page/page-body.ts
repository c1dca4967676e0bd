// The page's body when the first <body> in document order is not it. Site builders let editors
// paste custom code into the head, and some paste a whole document ("<!DOCTYPE html><html>
// <head>...</head><body>...</body></html>"); a browser ignores those nested html, head and body
// tags, but the parse keeps them as elements, so the first <body> found (page-facts.ts) is the
// pasted one inside <head>, often empty, and the page read nothing. A <body> inside a <head> is
// never the page's: the root <html>'s own <body> is. Cost: the found body's ancestors, and the
// root's children when it is inside a head.
import type { Document, Element } from 'domhandler';
import { isElement } from '../dom/walk.js';

export function pageBody(doc: Document, found: Element | null): Element | null {
  if (found === null || !inHead(found)) return found;
  for (const top of doc.children) {
    if (!isElement(top) || top.name !== 'html') continue;
    for (const kid of top.children) if (isElement(kid) && kid.name === 'body') return kid;
  }
  return found;
}

function inHead(el: Element): boolean {
  for (let p = el.parent; p && isElement(p); p = p.parent) if (p.name === 'head') return true;
  return false;
}
