// What the content profile chose, filled in when asked (benchmark tail reports, debugging).
import type { ChildNode } from 'domhandler';
import { isPlainTag } from '../dom/walk.js';
import { attribute } from '../../parse/nodes.js';
import type { ContentContext } from './context.js';
import type { Attempt } from './readings/attempt.js';

export interface ContentTrace {
  pageType?: string;
  strategy?: string;
  /** The chosen roots as tag#id.class, joined with " + ". */
  container?: string;
}

/** Fills `trace` with the page type and what was chosen. */
export function traceChoice(trace: ContentTrace, ctx: ContentContext, chosen: Attempt): void {
  trace.pageType = ctx.declaredType;
  trace.strategy = chosen.strategy;
  trace.container = chosen.plan ? chosen.plan.roots.map(describe).join(' + ') : '(json-ld)';
}

/** An element as tag#id.class (its first three classes). */
export function describe(n: ChildNode): string {
  if (!isPlainTag(n)) return '#text';
  const el = n;
  const id = attribute(el, 'id');
  const cls = attribute(el, 'class')?.trim().split(/\s+/).slice(0, 3).join('.');
  return `${el.name}${id ? '#' + id : ''}${cls ? '.' + cls : ''}`;
}
