// What a reading proposes: a plan (roots on a measure, with what to leave out inside them and the
// standfirst before them), and the attempt it converts to (blocks and their characters). Plans
// are compared without converting; attempts by their text.
import type { ChildNode, Element } from 'domhandler';
import type { Block } from '../../blocks.js';
import type { DropLog } from '../../explain.js';
import type { ContentContext } from '../context.js';
import type { AttemptFlags } from '../select/attempt-flags.js';
import type { ElementStats } from '../select/element-stats.js';
import { selectContent } from '../select/candidates.js';
import { semanticContainers } from '../select/semantic-containers.js';
import { withHeadingsAndListsBetween } from '../select/declared-headings.js';
import { partDeclaredCards } from '../select/declared-cards.js';
import { findLead } from '../select/lead.js';
import { findStandfirst } from '../select/standfirst.js';
import { missingIngredients } from '../select/recipe-parts.js';
import { pruneContent } from '../prune/prune.js';
import { isNamedTeaser, pruneTeaserBoxes } from '../prune/teaser-boxes.js';
import { spareLandingRows } from '../prune/landing-rows.js';
import { DECLARED_MEMBER_LINK_DENSITY, SEMANTIC_MIN_CHARS } from '../thresholds/readings.js';

/** What a reading chose, before conversion: roots plus what to leave out inside them. */
export interface Plan {
  roots: ChildNode[];
  stats: ElementStats;
  pruned: Set<Element>;
  /** Text estimate from the stats (roots minus pruned), to compare plans without converting. */
  chars: number;
  /** Set for a declared body container (itemprop=articleBody or a CMS body class). */
  declaredBody?: boolean;
  /** Prose between the title heading and the roots, printed before them. */
  standfirst: Element[];
  excluded: (el: Element) => boolean;
  flags: AttemptFlags;
  /** Declared members set aside as cards beside the body (select/declared-cards.ts), for the
   *  account of what was left out. */
  cards?: Element[];
  /** Posts' authors' names and dates read inside boxes the plan leaves out (readings/post-authors.ts). */
  postLines?: ReadonlySet<Element>;
  /** The posts' bodies when the roots were widened to the whole posts to reach their dates: in a
   *  widened post only the body and the way to the date are read (readings/post-authors.ts). */
  postBodies?: ReadonlyMap<Element, Element>;
}

export interface Attempt {
  blocks: Block[];
  chars: number;
  /** Which plan produced it (whole-page and grid readings give their root alone). */
  plan: Plan | null;
  /** How it was read, as later readings ask ('declared', 'scored', 'relaxed', 'whole page', ...). */
  strategy: string;
  /** A declared body container that stands however short (the strict reading's, readings/strict.ts). */
  stands?: boolean;
  /** What its conversion and passes left out, when the extraction explains itself. */
  log?: DropLog;
  /** The same conversion of another plan (a container reading's): read-again.ts reads the chosen one again. */
  again?: (p: Plan) => Attempt;
}

/** What was found before the first reading: nothing. */
export const NOTHING: Attempt = { blocks: [], chars: 0, plan: null, strategy: 'nothing' };

/** The plan for `roots` on `stats`: pruned inside, with the standfirst before them. */
export function plan(ctx: ContentContext, roots: ChildNode[], stats: ElementStats, flags: AttemptFlags): Plan {
  const pruned = new Set<Element>();
  pruneContent(roots, stats, flags, pruned, ctx.ex.isHidden);
  pruneTeaserBoxes(roots, stats, pruned);
  spareLandingRows(pruned, stats);
  let chars = 0;
  for (const r of roots) chars += stats.get(r as Element)?.chars ?? 0;
  for (const p of pruned) chars -= stats.get(p)?.chars ?? 0;
  const excluded = (el: Element): boolean => ctx.ex.always(el) || ctx.ex.strictly(el, flags);
  const standfirst = findStandfirst(ctx.heading, { roots, stats, pruned, excluded });
  for (const el of standfirst) chars += stats.get(el)?.chars ?? 0;
  return { roots, stats, pruned, chars, standfirst, excluded, flags };
}

/** The best-scoring container and its lead (select/candidates.ts, select/lead.ts). */
export function planFromScores(ctx: ContentContext, stats: ElementStats, flags: AttemptFlags): Plan {
  const selection = selectContent(ctx.frame, stats, flags);
  return plan(ctx, [...findLead(selection.roots, stats), ...selection.roots], stats, flags);
}

/** The first group of declared containers with text (select/semantic-containers.ts). Scores
 *  must have been computed on `stats` (pruning reads them). */
export function planFromDeclaredContainer(ctx: ContentContext, stats: ElementStats, flags: AttemptFlags): Plan | null {
  const groups = semanticContainers(stats);
  for (let g = 0; g < groups.length; g++) {
    const group = groups[g]!;
    const el = group[0];
    if (!el || stats.get(el)!.chars < SEMANTIC_MIN_CHARS) continue;
    // All containers declared the same way form the article (a lead "excerpt" and the body,
    // or a body split into sections), in document order; nested ones count once.
    const { body, cards } = partDeclaredCards(outermostInOrder(group, stats), stats);
    const declared = withHeadingsAndListsBetween(body, stats);
    const p = plan(ctx, [...findLead(declared, stats), ...declared], stats, flags);
    if (p.chars >= SEMANTIC_MIN_CHARS) return { ...p, declaredBody: g <= 1, ...(cards.length > 0 && { cards }) };
  }
  return null;
}

function outermostInOrder(group: Element[], stats: ElementStats): Element[] {
  const members = new Set<Element>(group);
  const firstIsNotTeaser = group[0] !== undefined && !isNamedTeaser(group[0]);
  const out: Element[] = [];
  for (const el of stats.order) {
    if (!members.has(el)) continue;
    // Link-heavy look-alikes (teaser lists reusing the body class) are not article text.
    if (el !== group[0] && stats.linkDensity(el) > DECLARED_MEMBER_LINK_DENSITY) continue;
    // Cards of other articles set as <article>s beside the body ("Teaser__article") announce
    // other pages; unless the first member is one of them too (a hub's list of teasers).
    if (el !== group[0] && firstIsNotTeaser && isNamedTeaser(el)) continue;
    let nested = false;
    for (let p = el.parent; p; p = p.parent) {
      if (members.has(p as Element)) {
        nested = true;
        break;
      }
    }
    if (!nested) out.push(el);
  }
  return out;
}

/** A declared recipe's marked ingredient list joins its steps (select/recipe-parts.ts). */
export function withIngredients(ctx: ContentContext, p: Plan): Plan {
  const { list, before } = missingIngredients(p.roots, p.stats, p.pruned);
  if (!list) return p;
  return {
    ...plan(ctx, before ? [list, ...p.roots] : [...p.roots, list], p.stats, p.flags),
    declaredBody: p.declaredBody,
    ...(p.cards && { cards: p.cards }),
  };
}

/** Same roots, leave-outs and standfirst over the same measures: the same conversion (the
 *  relaxed readings' exclusion rules are the same). */
export function samePlan(a: Plan, b: Plan): boolean {
  return (
    a.stats === b.stats &&
    sameList(a.roots, b.roots) &&
    sameList(a.standfirst, b.standfirst) &&
    a.pruned.size === b.pruned.size &&
    [...a.pruned].every((el) => b.pruned.has(el))
  );
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
