// The content profile: the main article of a single page, or null when there is none.
// A cascade of attempts (strict, then relaxed filters); every attempt is kept and the best
// one wins, so relaxing can only help. The DOM is never modified: each attempt is a set of
// elements to leave out, so the same document can go to the index profile afterwards.
import type { ChildNode, Document, Element } from 'domhandler';
import type { Block, Extraction } from '../blocks.js';
import { findElement } from '../dom/walk.js';
import { createUrlResolver, type UrlResolver } from '../dom/url-resolver.js';
import { blocksTextLength, toBlocks } from '../to-blocks.js';
import { ATTEMPTS, type AttemptFlags } from './attempt-flags.js';
import { alwaysExcluded, strictlyExcluded } from './exclusions.js';
import { ElementStats } from './element-stats.js';
import { selectContent } from './candidates.js';
import { pruneContent } from './prune.js';
import { jsonLdArticleBody } from './json-ld.js';
import { pageTitle } from './page-title.js';
import { semanticContainers } from './semantic-containers.js';
import { dropTitleAndByline } from './title-filter.js';
import { pruneBlocks } from './block-prune.js';
import { findLead } from './lead.js';

/** Readability's charThreshold: an attempt with this much text ends the cascade. */
const ENOUGH_CHARS = 500;

interface Attempt {
  blocks: Block[];
  chars: number;
}

export function extractContent(doc: Document, finalUrl: string): Extraction | null {
  const resolver = createUrlResolver(doc, finalUrl);
  const title = pageTitle(doc);
  const body = findElement(doc, (el) => el.name === 'body');
  const frame: Element | Document = body ?? doc;

  let best: Attempt | null = null;
  const semantic = semanticAttempt(frame, resolver, title);
  for (const flags of ATTEMPTS) {
    const attempt = runAttempt(frame, resolver, flags, title);
    if (!best || attempt.chars > best.chars) best = attempt;
    if (attempt.chars >= ENOUGH_CHARS) break;
  }
  if (!best) return null;
  if (semantic && semantic.chars >= SEMANTIC_SHARE * best.chars) best = semantic;

  // The page's own JSON-LD articleBody, when it holds far more than scoring found, is the
  // better statement of the article (scoring was fooled by markup).
  const declared = jsonLdArticleBody(doc);
  if (declared && declared.length > 2 * best.chars && declared.length > ENOUGH_CHARS) {
    best = { blocks: paragraphsOf(declared), chars: declared.length };
  }
  if (best.chars === 0) return null;
  return { title, blocks: best.blocks };
}

function runAttempt(frame: Element | Document, resolver: UrlResolver, flags: AttemptFlags, title: string | null): Attempt {
  const stats = new ElementStats(frame, (el) => alwaysExcluded(el) || strictlyExcluded(el, flags));
  const selection = selectContent(frame, stats, flags);
  const pruned = new Set<Element>();
  pruneContent(selection.roots, stats, flags, pruned);
  const roots: ChildNode[] = [...findLead(selection.roots, stats), ...selection.roots];
  const blocks = finish(toBlocks(roots, resolver, { skip: (el) => !stats.get(el) || pruned.has(el) }), title);
  return { blocks, chars: blocksTextLength(blocks) };
}

/** A declared article container wins when it holds at least this share of the scored text. */
const SEMANTIC_SHARE = 0.3;
const SEMANTIC_MIN_CHARS = 80;

function semanticAttempt(frame: Element | Document, resolver: UrlResolver, title: string | null): Attempt | null {
  const flags = ATTEMPTS[0]!;
  const stats = new ElementStats(frame, (el) => alwaysExcluded(el) || strictlyExcluded(el, flags));
  for (const group of semanticContainers(frame, stats)) {
    const el = group[0];
    if (!el || stats.get(el)!.chars < SEMANTIC_MIN_CHARS) continue;
    selectContent(frame, stats, flags); // scores feed pruning
    // Declared containers that are siblings (a lead "excerpt" and the body) form one article.
    const members = new Set<ChildNode>(group);
    const declared = el.parent ? el.parent.children.filter((x): x is Element => members.has(x)) : [el];
    const roots = [...findLead(declared, stats), ...declared];
    const pruned = new Set<Element>();
    pruneContent(roots, stats, flags, pruned);
    const blocks = finish(toBlocks(roots, resolver, { skip: (x) => !stats.get(x) || pruned.has(x) }), title);
    const chars = blocksTextLength(blocks);
    if (chars >= SEMANTIC_MIN_CHARS) return { blocks, chars };
  }
  return null;
}

function finish(blocks: Block[], title: string | null): Block[] {
  return pruneBlocks(dropTitleAndByline(blocks, title));
}

function paragraphsOf(text: string): Block[] {
  return text
    .split(/\n\s*\n|\r?\n/)
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter((t) => t !== '')
    .map((t) => ({ type: 'paragraph', children: [{ type: 'text', text: t }] }));
}
