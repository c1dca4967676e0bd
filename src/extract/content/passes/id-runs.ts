// Runs of machine identifiers printed as text: some shops fill the page with long strings of
// ids joined by dashes (obfuscated "sponsored" labels, tracking keys) that a browser never shows
// as words. A paragraph made of such runs (stretches of ASCII letters, digits, dashes and
// underscores far longer than any word, with digits in them) is not text anyone reads.
import type { Block } from '../../blocks.js';
import { inlineText } from '../../to-blocks/block-text.js';
import { ID_RUN_BLOCK_MIN_CHARS, ID_RUN_MIN, ID_SHARE } from '../thresholds/passes.js';

/** A character an identifier run is made of: ASCII letter, digit, dash or underscore. */
function inRun(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 45 || c === 95;
}

/** Global for its lastIndex, which isIdRuns sets before each search: nothing carries over from
 *  one call to the next. */
const DIGIT = /\d/g;

/** Made once, not per paragraph (a literal in the function is a new RegExp object each call). */
const BLANK = /^\s*$/;

function isIdRuns(text: string): boolean {
  if (text.length < ID_RUN_BLOCK_MIN_CHARS) return false;
  // The runs are the maximal stretches of those characters at least ID_RUN_MIN long with a
  // digit in them. Each holds a digit, so only the stretches around digits are read: the
  // expression finds the next digit (prose holds few), the stretch is widened from it both
  // ways, and the search goes on after it (an expression tried at every position of prose read
  // each word again; a loop over every character read all of the prose).
  let n = 0;
  DIGIT.lastIndex = 0;
  for (let m = DIGIT.exec(text); m !== null; m = DIGIT.exec(text)) {
    let start = m.index;
    while (start > 0 && inRun(text.charCodeAt(start - 1))) start--;
    let end = m.index + 1;
    while (end < text.length && inRun(text.charCodeAt(end))) end++;
    if (end - start >= ID_RUN_MIN) n += end - start;
    // text[end] is outside any run (or the end): the next stretch starts after it.
    DIGIT.lastIndex = end + 1;
  }
  // Without a run, only a text of white space alone is one (0 >= 0); the share's copy is made
  // only when there is a run.
  if (n === 0) return BLANK.test(text);
  return n >= ID_SHARE * text.replace(/\s+/g, '').length;
}

export function dropIdRuns(blocks: Block[]): Block[] {
  let out: Block[] | null = null;
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i]!;
    const drop = b.type === 'paragraph' && isIdRuns(inlineText(b.children).trim());
    if (drop && !out) out = blocks.slice(0, i);
    else if (!drop && out) out.push(b);
  }
  return out ?? blocks;
}
