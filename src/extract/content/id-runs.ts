// Runs of machine identifiers printed as text: some shops fill the page with long strings of
// ids joined by dashes (obfuscated "sponsored" labels, tracking keys) that a browser never shows
// as words. A paragraph made of such runs (stretches of ASCII letters, digits, dashes and
// underscores far longer than any word, with digits in them) is not text anyone reads.
import type { Block } from '../blocks.js';
import { inlineText } from '../to-blocks.js';

/** An identifier run: an unbroken ASCII token this long, with a digit (no word is). */
const ID_RUN = /[A-Za-z0-9_-]{40,}/g;
/** A paragraph this long whose text is at least this share of id runs is one. */
const MIN_CHARS = 120;
const ID_SHARE = 0.8;

function isIdRuns(text: string): boolean {
  if (text.length < MIN_CHARS) return false;
  let n = 0;
  for (const m of text.matchAll(ID_RUN)) if (/\d/.test(m[0])) n += m[0].length;
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
