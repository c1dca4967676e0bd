// A streaming render's late chunks put in their places. A page rendered in streamed chunks
// (React's Suspense boundaries) sends the parts that were not ready first as placeholders,
// `<template id="B:0">` inside the page, and each part later, at the end of the document, as a
// `<div hidden id="S:0">` that the page's script moves into the placeholder's place. Read from
// markup alone, those parts are hidden and outside the page's <main>; in a browser they are
// the page's body, where the placeholder stood. This does the script's move.
import type { ChildNode, Element, ParentNode } from 'domhandler';
import { attribute } from '../../parse/nodes.js';
import { isElement } from './walk.js';

const CHUNK_ID = /^S:[0-9a-z]+$/i;

/** Moves each hidden `S:<n>` chunk among `tops` (the outermost hidden elements of `root`) into
 *  the place of its `B:<n>` template. The walk for the templates runs only on pages that hold
 *  such a chunk. Returns the number of chunks moved. */
export function placeStreamedChunks(root: ParentNode, tops: readonly Element[]): number {
  let chunks: Map<string, Element> | null = null;
  for (const el of tops) {
    if (el.name !== 'div' || attribute(el, 'hidden') === undefined) continue;
    const id = attribute(el, 'id');
    if (id !== undefined && CHUNK_ID.test(id)) (chunks ??= new Map()).set(id.slice(2), el);
  }
  if (chunks === null) return 0;
  const templates = new Map<string, Element>();
  const stack: Element[] = [];
  for (const c of root.children) if (isElement(c)) stack.push(c);
  while (stack.length > 0) {
    const el = stack.pop()!;
    if (el.name === 'template') {
      const id = attribute(el, 'id');
      if (id !== undefined && id.startsWith('B:') && chunks.has(id.slice(2))) templates.set(id.slice(2), el);
      continue;
    }
    if (el.name === 'script' || el.name === 'style' || el.name === 'svg') continue;
    for (const c of el.children) if (isElement(c)) stack.push(c);
  }
  let moved = 0;
  for (const [key, chunk] of chunks) {
    const template = templates.get(key);
    const parent = template?.parent;
    if (!template || !parent) continue;
    // A chunk's own content holding its placeholder would make a cycle: leave it.
    if (holds(chunk, template)) continue;
    const kids: ChildNode[] = chunk.children.slice();
    for (const k of kids) k.parent = parent;
    for (let i = 0; i < kids.length; i++) {
      kids[i]!.prev = i > 0 ? kids[i - 1]! : template.prev;
      kids[i]!.next = i < kids.length - 1 ? kids[i + 1]! : template.next;
    }
    const at = parent.children.indexOf(template);
    if (kids.length > 0) {
      if (template.prev) template.prev.next = kids[0]!;
      if (template.next) template.next.prev = kids[kids.length - 1]!;
    } else {
      if (template.prev) template.prev.next = template.next;
      if (template.next) template.next.prev = template.prev;
    }
    parent.children.splice(at, 1, ...kids);
    template.parent = template.prev = template.next = null;
    chunk.children = [];
    moved++;
  }
  return moved;
}

function holds(ancestor: Element, el: Element): boolean {
  for (let p = el.parent; p; p = p.parent) if (p === ancestor) return true;
  return false;
}
