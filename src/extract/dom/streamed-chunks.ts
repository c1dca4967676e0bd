// A streaming render's late chunks put in their places. A page rendered in streamed chunks
// (React's Suspense boundaries) sends the parts that were not ready first as placeholders,
// `<template id="B:0">` inside the page, and each part later, at the end of the document, as a
// `<div hidden id="S:0">` that the page's script moves into the placeholder's place. A part
// may itself hold placeholders of parts sent later still, `<template id="P:1f">` (a segment
// rather than a boundary): those are filled the same way, by the chunk `S:1f`. Read from
// markup alone, those parts are hidden and outside the page's <main>; in a browser they are
// the page's body, where the placeholder stood. This does the script's move.
import type { Element, ParentNode } from 'domhandler';
import { prepend, removeElement } from 'domutils';
import { attribute } from '../../parse/nodes.js';
import { isElement, isInside } from './walk.js';

const CHUNK_ID = /^S:[0-9a-z]+$/i;
/** A boundary's (`B:`) or a segment's (`P:`) placeholder. */
const PLACEHOLDER = /^[BP]:/;

/** Moves each hidden `S:<n>` chunk among `tops` (the outermost hidden elements of `root`) into
 *  the place of its `B:<n>` or `P:<n>` template. The walk for the templates runs only on pages that hold
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
      if (id !== undefined && PLACEHOLDER.test(id) && chunks.has(id.slice(2))) templates.set(id.slice(2), el);
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
    if (isInside(template, chunk)) continue;
    for (const kid of chunk.children.slice()) prepend(template, kid);
    removeElement(template);
    moved++;
  }
  return moved;
}
