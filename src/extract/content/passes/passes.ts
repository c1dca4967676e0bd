// The block passes, in the order they run: each reading's blocks go through the rows that apply
// to its kind of reading, and the chosen reading's through the 'answer' rows. A row says what it
// drops or changes and, where the kinds it applies to differ from its neighbours', why.
import type { Block } from '../../blocks.js';
import type { DropLog } from '../../explain.js';
import { unwrapCardText } from './card-text.js';
import { dropTitleAndByline } from './title-and-byline.js';
import { titleTeaserEntries } from './teaser-titles.js';
import { pruneBlocks } from './link-lines.js';
import { dropFurnitureLines } from './furniture-lines.js';
import { dropMenuLists } from './menu-lists.js';
import { dropRepeatedRuns } from './repeated-runs.js';
import { dropCardPictures, dropPictureLines, dropRepeatedPictures } from './picture-lines.js';
import { dropIdRuns } from './id-runs.js';
import {
  undoubleTop,
  dropAdjacentRepeats,
  dropNearRepeats,
  dropRepeatedHeadings,
  dropHeadingEchoes,
} from './doubled-lines.js';
import { dropCardControls } from './card-controls.js';
import { dropTaxonomyLinks } from './taxonomy-links.js';
import { dropClosingBios } from './closing-bios.js';
import { dropReplySubjects } from './reply-subjects.js';
import { dropMemberFields } from './member-fields.js';
import { dropOfferLines } from './offer-lines.js';

/** What kind of reading made the blocks (readings/readings.ts names the kind of each reading). */
export type BlockKind =
  /** A chosen container (strict, relaxed, threads and replies). */
  | 'container'
  /** The title heading's block (a chapter's opening: heading, table of contents, intro). */
  | 'title block'
  /** The page minus its chrome. */
  | 'whole page'
  /** The page minus its chrome and an article's comments and links to other articles. */
  | 'article whole page'
  /** A card grid's section, and the runs of its cards elsewhere. */
  | 'grid'
  /** The container around a card grid read in place... */
  | 'grid host'
  /** ...and that grid's cards. */
  | 'grid cards'
  /** The page's JSON-LD articleBody: plain paragraphs, which no pass but the answer's reads. */
  | 'json-ld'
  /** The chosen reading, once. */
  | 'answer';

/** What a pass may read besides the blocks. */
export interface PassInput {
  title: string | null;
  /** The lists read set in the run of the text (ToBlocksOptions.listsInText). */
  listsInText: WeakSet<Block>;
  /** The lines a thread's posts were read again for: their authors' names and dates. */
  postLines: WeakSet<Block>;
  finalUrl: string;
  /** The page sells one product (ContentContext.sellsProduct). */
  sellsProduct: boolean;
  /** The full names of the people the page declares as its authors (read when first asked). */
  authors(): readonly string[];
}

export interface BlockPass {
  name: string;
  appliesTo: readonly BlockKind[];
  /** What it drops or changes. */
  does: string;
  /** Why it skips the kinds it skips. */
  why?: string;
  /** The reading is weighed (its characters counted) on its blocks before this pass: the pass
   *  changes how the blocks read, not whether the reading wins. */
  unweighed?: true;
  run(blocks: Block[], input: PassInput): Block[];
}

const CONTAINERS: readonly BlockKind[] = ['container', 'whole page', 'article whole page'];

export const PASSES: readonly BlockPass[] = [
  {
    name: 'card text',
    appliesTo: ['whole page'],
    does: 'a card wholly inside its link keeps its description as text under the linked headline',
    why: 'on a page declared an article, cards wholly in their link are teasers of other articles',
    unweighed: true,
    run: unwrapCardText,
  },
  {
    name: 'reply subjects',
    appliesTo: [...CONTAINERS, 'grid host', 'grid cards', 'grid'],
    does: 'a line "Re: ..." printed over two posts or more: a forum reply\'s subject, the thread\'s again',
    why: 'a title block opens the page: no reply comes before it',
    unweighed: true,
    run: dropReplySubjects,
  },
  {
    name: 'member fields',
    appliesTo: [...CONTAINERS, 'grid host', 'grid cards', 'grid'],
    does:
      'a line that is a forum member\'s count or date ("Posts: 1,234", "Registered: 2012-09-03"), or a post\'s ' +
      'count of likes ("7 Likes")',
    why: 'a title block opens the page: no post comes before it',
    unweighed: true,
    run: dropMemberFields,
  },
  {
    name: 'offer lines',
    appliesTo: [...CONTAINERS, 'title block'],
    does:
      'on a page that sells one product, a line that is its price ("$19.99", "From: £2.98") or its stock ' +
      '("Sold out")',
    why: "a grid's prices are its cards' own",
    unweighed: true,
    run: (blocks, input) => (input.sellsProduct ? dropOfferLines(blocks) : blocks),
  },
  {
    name: 'title and byline',
    appliesTo: [...CONTAINERS, 'title block', 'grid host', 'grid'],
    does: 'a heading among the first three blocks that repeats the title',
    why: "a grid's cards are read apart from the page's title",
    run: (blocks, input) => dropTitleAndByline(blocks, input.title),
  },
  {
    name: 'teaser titles',
    appliesTo: CONTAINERS,
    does: 'a run of (title link, summary) entries reads its titles as headings, so the link-line pass keeps them',
    why: "a title block's links are its table of contents; a grid's cards are not link-pruned",
    run: titleTeaserEntries,
  },
  {
    name: 'link lines',
    appliesTo: [...CONTAINERS, 'grid host'],
    does: 'lines and lists mostly of links, runs of teasers, and the headings left over them',
    why: "a title block's links are its table of contents; a grid's cards are their links",
    run: (blocks, input) => pruneBlocks(blocks, input.listsInText),
  },
  {
    name: 'furniture lines',
    appliesTo: [...CONTAINERS, 'title block', 'grid host', 'grid cards', 'grid'],
    does:
      'short lines that are furniture by their wording: lead-ins, credits, bylines, calls, notices, ' +
      "script messages, a listing's result count and sort labels",
    run: (blocks, input) => dropFurnitureLines(blocks, input.postLines),
  },
  {
    name: 'menu lists',
    appliesTo: ['whole page', 'article whole page'],
    does: 'lists of short links and nothing else',
    why: 'the other readings prune menus by their containers before converting',
    run: dropMenuLists,
  },
  {
    name: 'repeated runs',
    appliesTo: ['whole page', 'article whole page'],
    does: 'a run of three or more blocks printed again block for block (a sticky bar, a mobile copy)',
    why: 'only the whole page holds both copies of a layout',
    run: dropRepeatedRuns,
  },
  {
    name: 'picture lines',
    appliesTo: [...CONTAINERS, 'grid cards'],
    does: 'lines of linked pictures whose label the text already says',
    why:
      "a title block has no card pictures; a grid's host is read before its cards are put in; " +
      'a grid read from its section drops every picture line (card pictures, below)',
    run: dropPictureLines,
  },
  {
    name: 'card pictures',
    appliesTo: ['grid'],
    does: "lines of linked pictures alone: a card's photo, whose alt text no reader sees",
    why: 'only a grid read from its section prints every card with its own text, its title link included',
    run: dropCardPictures,
  },
  {
    name: 'id runs',
    appliesTo: [...CONTAINERS, 'title block', 'grid'],
    does: 'paragraphs made of machine identifiers',
    why: 'a grid read in place keeps its host and cards as they convert',
    run: dropIdRuns,
  },
  {
    name: 'doubled lines',
    appliesTo: [...CONTAINERS, 'title block', 'grid'],
    does:
      'a line that is one string twice over reads once (as its second copy when the first is struck through: ' +
      'an old price beside its twin); a long paragraph printed again goes, ' +
      'unless it is verse (a chorus, a refrain: sung again); a list printed again goes when the long paragraph ' +
      'before it was such a repeat (a section printed once per screen width), and stays under new words (two plans ' +
      'sharing their features); a quote of one (a reply quoting the post above) goes',
    why: 'a grid read in place keeps its host and cards as they convert',
    run: undoubleTop,
  },
  {
    name: 'repeated headings',
    appliesTo: [...CONTAINERS, 'title block', 'grid host', 'grid cards'],
    does:
      "a heading printed again right after itself (a card's title set for two layouts), and a line right above " +
      "a heading that says the same (a hero's display line over its <h1>)",
    why: 'a grid read whole drops every repeated line (adjacent repeats, below)',
    run: (blocks) => dropRepeatedHeadings(dropHeadingEchoes(blocks)),
  },
  {
    name: 'card controls',
    appliesTo: [...CONTAINERS, 'title block', 'grid'],
    does: 'buttons and badges printed on every card ("Add to cart", "Sold out"), when repeated',
    why: 'a grid read in place keeps its host and cards as they convert',
    run: dropCardControls,
  },
  {
    name: 'adjacent repeats',
    appliesTo: ['grid'],
    does: "a card's line printed again right after itself",
    why: 'cards print their title twice (an overlay link and a heading); prose repeats on purpose',
    run: dropAdjacentRepeats,
  },
  {
    name: 'near repeats',
    appliesTo: ['grid'],
    does: 'a line repeating one of the three before it',
    why: 'cards print their title twice (an overlay link and a heading); prose repeats on purpose',
    run: dropNearRepeats,
  },
  {
    name: 'taxonomy links',
    appliesTo: ['answer'],
    does: "links from running text to the site's tag, topic, search or glossary pages lose their address",
    run: (blocks, input) => dropTaxonomyLinks(blocks, input.finalUrl),
  },
  {
    name: 'repeated pictures',
    appliesTo: ['answer'],
    does: "a named picture printed again right after itself (a card's picture and its hover state)",
    run: dropRepeatedPictures,
  },
  {
    name: 'closing bios',
    appliesTo: ['answer'],
    does: "a writer's closing note, opening with a declared author's name or after their portrait: not the article",
    run: (blocks, input) => dropClosingBios(blocks, () => input.authors()),
  },
];

/** Each kind's passes, in table order. */
const BY_KIND = new Map<BlockKind, readonly BlockPass[]>();
for (const pass of PASSES) for (const kind of pass.appliesTo) BY_KIND.set(kind, [...(BY_KIND.get(kind) ?? []), pass]);
// The unweighed passes open the table: a reading is weighed on the rest run over its raw blocks.
if (PASSES.findIndex((p) => p.unweighed !== true) < PASSES.findLastIndex((p) => p.unweighed === true))
  throw new Error('passes.ts: the unweighed passes must come first');

/** The passes of `kind` over `raw`, in order: the blocks, and those the reading is weighed on
 *  (the same passes but the unweighed ones; the same array when those changed nothing). With a
 *  log, what each pass drops from the blocks is noted under its name. */
export function runPasses(
  kind: BlockKind,
  raw: Block[],
  input: PassInput,
  log: DropLog | null = null,
): { blocks: Block[]; weighed: Block[] } {
  const passes = BY_KIND.get(kind) ?? [];
  let lead = raw;
  for (const pass of passes) if (pass.unweighed) lead = step(pass, lead, input, log);
  const rest = (blocks: Block[], into: DropLog | null): Block[] => {
    let out = blocks;
    for (const pass of passes) if (!pass.unweighed) out = step(pass, out, input, into);
    return out;
  };
  const weighed = rest(raw, lead === raw ? log : null);
  return { blocks: lead === raw ? weighed : rest(lead, log), weighed };
}

function step(pass: BlockPass, blocks: Block[], input: PassInput, log: DropLog | null): Block[] {
  const out = pass.run(blocks, input);
  log?.pass(pass.name, blocks, out);
  return out;
}
