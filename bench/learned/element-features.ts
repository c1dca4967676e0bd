// The features of a learned element filter (docs/learned-extraction.md): one element inside the
// strict reading's container, by the measures the strict measure took of it (characters, links, commas, paragraphs,
// lists, inputs, headings, its score), its place (depth under the root, position, share of the
// root and of its parent, siblings of its shape) and which of the vocabulary's class-word families
// its class and id name (the words the rules read; no site's names). bench/element-candidates.ts
// writes them, scripts/learned/train-element-filter.py trains and scores a filter on them
// (ELEMENT_FEATURES goes into a model file).
import type { Element } from 'domhandler';
import { isElement, classAndId } from '../../src/extract/dom/walk.js';
import { attribute } from '../../src/parse/nodes.js';
import {
  MAYBE_CANDIDATE,
  NEGATIVE,
  POSITIVE,
  POST_META,
  RELATED,
  SHARE,
  TEASER,
  UNLIKELY,
  WIDGET,
} from '../../src/extract/vocabulary/class-words.js';
import { CHROME_NAME, RAIL_NAME, RESULTS_NAME } from '../../src/extract/vocabulary/region-words.js';
import type { Plan } from '../../src/extract/content/readings/attempt.js';
import type { ElementInfo } from '../../src/extract/content/select/element-stats.js';
import { DECLARED_TYPES } from './candidate-features.js';

export const ELEMENT_FEATURES = [
  'tag',
  'role',
  'depth',
  'log_chars',
  'root_share',
  'parent_share',
  'position',
  'link_share',
  'comma_share',
  'own_share',
  'paragraphs',
  'images',
  'list_items',
  'inputs',
  'headings',
  'links',
  'score',
  'siblings',
  'alike_siblings',
  'cls_unlikely',
  'cls_maybe',
  'cls_related',
  'cls_positive',
  'cls_negative',
  'cls_teaser',
  'cls_post_meta',
  'cls_share',
  'cls_widget',
  'cls_chrome',
  'cls_rail',
  'cls_results',
  'declared_type',
  'log_root_chars',
  'root_link_share',
] as const;

/** The elements judged: containers a reader sees as a unit (not inline text, not one line). */
const TAGS = [
  'div',
  'section',
  'aside',
  'ul',
  'ol',
  'dl',
  'table',
  'form',
  'nav',
  'header',
  'footer',
  'figure',
  'details',
  'article',
  'blockquote',
  'p',
];
const TAG_INDEX = new Map(TAGS.map((t, i) => [t, i]));
const ROLES = ['', 'navigation', 'complementary', 'banner', 'contentinfo', 'region', 'list', 'dialog', 'form'];
const CLASS_WORDS = [UNLIKELY, MAYBE_CANDIDATE, RELATED, POSITIVE, NEGATIVE, TEASER, POST_META, SHARE, WIDGET];
const REGION_WORDS = [CHROME_NAME, RAIL_NAME, RESULTS_NAME];
/** Fewer characters than this is a line, left to the block passes. */
export const MIN_ELEMENT_CHARS = 25;
/** At most this many elements are judged on one page (the first, in document order). */
export const MAX_ELEMENTS = 400;

export interface JudgedElement {
  el: Element;
  x: number[];
}

const log1p = (n: number): number => Math.log(1 + n);
const share = (n: number, of: number): number => (of > 0 ? n / of : 0);

function shape(el: Element): string {
  return `${el.name}.${attribute(el, 'class') ?? ''}`;
}

/**
 * The elements inside `plan`'s roots that its conversion would read (measured, not pruned, not
 * left out), of a judged tag and at least MIN_ELEMENT_CHARS, with their feature vectors, in
 * document order.
 */
export function judgedElements(plan: Plan, declaredType: string): JudgedElement[] {
  const out: JudgedElement[] = [];
  const typeIndex = DECLARED_TYPES.indexOf(declaredType);
  for (const root of plan.roots) {
    if (!isElement(root)) continue;
    const rootInfo = plan.stats.get(root);
    if (!rootInfo || rootInfo.chars === 0) continue;
    const visit = (parent: Element, parentInfo: ElementInfo, depth: number, start: number): void => {
      const kids = parent.children.filter(isElement);
      const alike = new Map<string, number>();
      for (const k of kids) alike.set(shape(k), (alike.get(shape(k)) ?? 0) + 1);
      let at = start;
      for (const el of kids) {
        if (out.length >= MAX_ELEMENTS) return;
        const info = plan.stats.get(el);
        if (!info || plan.pruned.has(el) || plan.excluded(el)) continue;
        const tag = TAG_INDEX.get(el.name);
        if (tag !== undefined && info.chars >= MIN_ELEMENT_CHARS) {
          out.push({ el, x: features(el, info, tag, depth, at, kids.length, alike.get(shape(el)) ?? 1) });
        }
        if (info.chars >= MIN_ELEMENT_CHARS) visit(el, info, depth + 1, at);
        at += info.chars;
      }
      function features(
        el: Element,
        info: ElementInfo,
        tag: number,
        d: number,
        at: number,
        siblings: number,
        alikeSiblings: number,
      ): number[] {
        const names = classAndId(el);
        return [
          tag,
          ROLES.indexOf(attribute(el, 'role') ?? ''),
          d,
          log1p(info.chars),
          share(info.chars, rootInfo!.chars),
          share(info.chars, parentInfo.chars),
          share(at, rootInfo!.chars),
          share(info.linkChars, info.chars),
          share(info.commas, info.chars),
          share(info.ownChars, info.chars),
          info.paragraphs,
          info.images,
          info.listItems,
          info.inputs,
          info.headings,
          info.links,
          info.score,
          siblings,
          alikeSiblings,
          ...CLASS_WORDS.map((w) => (names !== '' && w.test(names) ? 1 : 0)),
          ...REGION_WORDS.map((w) => (names !== '' && w.test(names) ? 1 : 0)),
          typeIndex,
          log1p(rootInfo!.chars),
          share(rootInfo!.linkChars, rootInfo!.chars),
        ];
      }
    };
    visit(root, rootInfo, 1, 0);
  }
  return out;
}
