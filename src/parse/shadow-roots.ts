// Declarative shadow roots (`<template shadowrootmode="open">`: a web component rendered on the
// server), composed as a browser renders them: the template's content becomes its host's, and the
// host's own children (its light DOM) are shown in the shadow content's slots, `<slot name="x">`
// holding the children marked `slot="x"` and the unnamed slot the rest; a child no slot takes is not
// shown. What the page shows is then one tree, read like any other. DomBuilder calls this as it builds.
import { isTag, isText, type ChildNode, type Element, type ParentNode } from 'domhandler';
import { attribute } from './nodes.js';

const MODES = new Set(['open', 'closed']);

/** The elements a shadow root may be attached to besides custom elements (whose names hold a hyphen) and
 *  headings, as the DOM standard lists them; on any other (a list, a table, a link) a browser leaves the
 *  template inert. */
const HOST_NAMES = new Set([
  'article',
  'aside',
  'blockquote',
  'body',
  'div',
  'footer',
  'header',
  'main',
  'nav',
  'p',
  'section',
  'span',
]);

const HEADING = /^h[1-6]$/;

function canHost(node: ParentNode): boolean {
  return 'name' in node && (HOST_NAMES.has(node.name) || HEADING.test(node.name) || node.name.includes('-'));
}

/** A declarative shadow root's template: `shadowrootmode`, or Chrome's earlier `shadowroot`. */
export function isShadowRootTemplate(node: ParentNode): node is Element {
  if (!('name' in node) || node.name !== 'template') return false;
  const mode = attribute(node, 'shadowrootmode') ?? attribute(node, 'shadowroot');
  return mode !== undefined && MODES.has(mode.trim().toLowerCase());
}

interface Host {
  slots: Element[];
  /** Where the shadow content stands among the host's children: from `start` to before `end`; the
   *  host's own children are those before and after. */
  start: number;
  end: number;
}

export class ShadowRoots {
  /** The slots of each shadow root template still open, innermost last. */
  private readonly open: Element[][] = [];
  private readonly hosts = new Map<ParentNode, Host>();

  /** An element was opened: a shadow root template starts its list of slots, a slot joins the innermost. */
  opened(el: Element): void {
    if (el.name === 'slot') this.open[this.open.length - 1]?.push(el);
    else if (isShadowRootTemplate(el)) this.open.push([]);
  }

  /**
   * A shadow root template closed. Returns true when `host` takes it (the caller puts the template's
   * children in its place), false when it stays an inert template: no host element, one that cannot host a
   * shadow root, or a host that has its shadow root already (a browser attaches one). `start`, `end`: where
   * the template's children will stand among the host's.
   */
  closedTemplate(host: ParentNode | null, start: number, end: number): boolean {
    const slots = this.open.pop() ?? [];
    if (host === null || !canHost(host) || this.hosts.has(host)) return false;
    this.hosts.set(host, { slots, start, end });
    return true;
  }

  /** Some host has not closed yet (a builder asks before each close). */
  get hasHosts(): boolean {
    return this.hosts.size > 0;
  }

  /** An element closed with its children: a host's light children go to its slots. */
  closed(el: ParentNode): void {
    const host = this.hosts.get(el);
    if (host === undefined) return;
    this.hosts.delete(el);
    const kids = el.children;
    const light = [...kids.slice(0, host.start), ...kids.slice(host.end)];
    el.children = kids.slice(host.start, host.end);
    const first = el.children[0];
    const last = el.children[el.children.length - 1];
    if (first) first.prev = null;
    if (last) last.next = null;
    let unnamed: Element | null = null;
    const named = new Map<string, Element>();
    for (const slot of host.slots) {
      const name = attribute(slot, 'name')?.trim() ?? '';
      if (name === '') unnamed ??= slot;
      else if (!named.has(name)) named.set(name, slot);
    }
    const assigned = new Map<Element, ChildNode[]>();
    for (const node of light) {
      let slot: Element | null | undefined = null;
      if (isTag(node)) {
        const name = attribute(node, 'slot')?.trim() ?? '';
        slot = name === '' ? unnamed : named.get(name);
      } else if (isText(node)) slot = unnamed;
      if (!slot) continue;
      const list = assigned.get(slot);
      if (list) list.push(node);
      else assigned.set(slot, [node]);
    }
    // A slot that takes nothing shows its own children (its fallback).
    for (const [slot, nodes] of assigned) adopt(slot, nodes);
  }
}

/** `nodes` become `parent`'s children, in order. */
function adopt(parent: Element, nodes: ChildNode[]): void {
  let prev: ChildNode | null = null;
  for (const node of nodes) {
    node.parent = parent;
    node.prev = prev;
    node.next = null;
    if (prev) prev.next = node;
    prev = node;
  }
  parent.children = nodes;
}
