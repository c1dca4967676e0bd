// parsed Document -> cleaned content: the fallback cascade over both profiles, then the
// renderer. Shared by the cleaners' worker task and the metadata tool's include_content
// (which hands over the tree it already parsed, after reading its metadata from it).
import type { Document } from 'domhandler';
import type { Block, Profile } from '../extract/blocks.js';
import { runCascade, type Extractor } from '../extract/cascade.js';
import { extractContent } from '../extract/content/extract-content.js';
import { dropTitleRepeats } from '../extract/content/passes/title-and-byline.js';
import { pageTitles } from '../extract/page/headline.js';
import { extractIndex } from '../extract/index-page.js';
import { DropLog, type CleanExplanation } from '../extract/explain.js';
import { dropSamePageLinks } from '../extract/same-page-links.js';
import { renderAsAsked, type OutputFormat, type Rendered } from '../render/render.js';
import type { TokenEncoding } from '../render/token-count.js';
import type { CleanResult } from './clean-task.js';
import { withoutInvisibles } from '../extract/dom/invisible-chars.js';

export const EXTRACTORS: Record<Profile, Extractor> = { content: extractContent, index: extractIndex };

/**
 * Which part of the content to return, and its limits (request fields max_chars, max_tokens,
 * token_encoding, start).
 */
export interface PartOptions {
  maxChars: number;
  /** Absent or null: no token budget. */
  maxTokens?: number | null;
  /** @default 'o200k_base' */
  tokenEncoding?: TokenEncoding;
  /** @default 0 */
  start?: number;
}

export interface CleanOptions extends PartOptions {
  finalUrl: string;
  /** Requested profile; the other is tried once when it finds no main content. */
  profile: Profile;
  format: OutputFormat;
  includeTitle: boolean;
  /** A fresh tree for the fallback attempt (extractors may prune the tree they are given). */
  reparse?: () => Document;
  /** Return the extraction's account (meta.explain). */
  explain?: boolean;
}

export function cleanDocument(doc: Document, options: CleanOptions): CleanResult {
  // Read before extraction, which may prune the tree. clean_web_content's title is the headline
  // as printed, clean_web_index's the title the page declares (docs/metadata.md).
  const titles = pageTitles(doc, options.finalUrl);
  // Printed as the text under it is: without the characters no reader sees (invisible-chars.ts).
  const pageTitle = withoutInvisibles(options.profile === 'content' ? titles.headline : titles.declared);
  const cascade = runCascade({
    doc,
    finalUrl: options.finalUrl,
    requested: options.profile,
    extractors: EXTRACTORS,
    reparse: options.reparse,
    explain: options.explain,
  });
  const explain = cascade.explanation ? { explain: cascade.explanation } : {};
  if (!cascade.ok) return { ok: false, code: 'no_content', title: pageTitle, ...explain };
  const extracted = withoutInvisibles(cascade.extraction.title?.replace(/\s+/g, ' ').trim() ?? '');
  const title = pageTitle || extracted;
  // The extraction drops a leading heading that repeats the title it read. The answer's title can
  // be another: clean_web_content's is the headline as printed, an <h1> that can say more ("Cafe
  // creme" declared, "Cafe creme - best" printed), clean_web_index's the declared title, which can
  // be twitter:title where the index profile read <title>; and a page can print its headline twice
  // (in its header and atop its body). Under the title line a heading repeating it would print it
  // twice, so it goes too. Without the title line it stays, the one place the answer prints it.
  const { blocks: all } = cascade.extraction;
  const read = options.includeTitle ? dropTitleRepeats(all, title, title === extracted) : all;
  if (cascade.explanation) explainDropped(cascade.explanation, all, read);
  const blocks = dropSamePageLinks(read, options.finalUrl);
  const rendered = renderAsAsked(blocks, title, options);
  return { ...answered(title, rendered, cascade.profile, cascade.fallbackUsed), ...explain };
}

/** A document read whole (a markdown file, a feed) as a cleaner's answer: its links into itself as
 *  their words, the part asked for rendered; no content when nothing renders. */
export function answerBlocks(
  blocks: Block[],
  title: string,
  options: CleanOptions,
  profile: Profile,
  fallbackUsed: boolean,
): CleanResult {
  const read = dropSamePageLinks(blocks, options.finalUrl);
  const rendered = renderAsAsked(read, title, options);
  if (read.length === 0 || rendered.content === '') return { ok: false, code: 'no_content', title };
  return answered(title, rendered, profile, fallbackUsed);
}

/** A cleaner's answer: the title and the part of the content rendered, read by `profile`. */
export function answered(title: string, rendered: Rendered, profile: Profile, fallbackUsed: boolean): CleanResult {
  return {
    ok: true,
    title,
    content: rendered.content,
    wordCount: rendered.wordCount,
    truncated: rendered.truncated,
    tokens: rendered.tokens,
    nextStart: rendered.nextStart,
    profile,
    fallbackUsed,
  };
}

/** The rule `explain` names for the headline left out under the title line. */
const HEADLINE_RULE = 'headline under the title line';

/** The blocks the title line made redundant, added to the extraction's account (within its record limit). */
function explainDropped(explanation: CleanExplanation, before: Block[], after: Block[]): void {
  const log = new DropLog(explanation.dropped, explanation.dropped_omitted);
  log.pass(HEADLINE_RULE, before, after);
  explanation.dropped_omitted = log.omitted;
}
