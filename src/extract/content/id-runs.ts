// Runs of machine identifiers printed as text: some shops fill the page with long strings of
// ids joined by dashes (obfuscated "sponsored" labels, tracking keys) that a browser never shows
// as words. A paragraph made of such runs (stretches of ASCII letters, digits, dashes and
// underscores far longer than any word, with digits in them) is not text anyone reads.
import type { Block } from '../blocks.js';
import { inlineText } from '../to-blocks.js';

/** An identifier run: an unbroken ASCII token (/[A-Za-z0-9_-]{40,}/) this long, with a digit
 *  (no word is). */
const ID_RUN_MIN = 40;
/** A paragraph this long whose text is at least this share of id runs is one. */
const MIN_CHARS = 120;
const ID_SHARE = 0.8;

function isIdRuns(text: string): boolean {
  if (text.length < MIN_CHARS) return false;
  // The runs are the maximal stretches of those characters at least ID_RUN_MIN long: one scan
  // finds them (the expression, tried at every position of prose, read each word again).
  let n = 0;
  let start = 0;
  let digit = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : -1;
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 45 || c === 95) continue;
    if (c >= 48 && c <= 57) {
      digit = true;
      continue;
    }
    if (digit && i - start >= ID_RUN_MIN) n += i - start;
    start = i + 1;
    digit = false;
  }
  // Without a run, only a text of white space alone is one (0 >= 0); the share's copy is made
  // only when there is a run.
  if (n === 0) return /^\s*$/.test(text);
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
