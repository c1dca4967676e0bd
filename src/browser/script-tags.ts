// Whether delivered HTML runs scripts: a `<script` start tag that is not a data block (JSON,
// JSON-LD, a template). It reads the page on the main thread, so it is linear by construction:
// one pass for `<script` (a literal), one indexOf per tag for its end, and the type test over
// the inside of each tag once. A tag ends at its first `>`, as the regex this replaces read it.

const SCRIPT_OPEN = /<script\b/gi;
const DATA_TYPE = /\btype\s*=\s*["']?(?:application\/(?:ld\+)?json|text\/template)\b/i;
const NAME_LENGTH = '<script'.length;

export function runsScripts(html: string): boolean {
  const open = new RegExp(SCRIPT_OPEN);
  // Several `<script` before the same `>` share one tag end; the last of them has the least of
  // the tag after it, so it alone decides whether any of them lacks a data type.
  let tagEnd = -2; // the `>` ending the current group (-1: none, the tag runs to the end)
  let last = -1;
  const lastRuns = () =>
    last !== -1 && !DATA_TYPE.test(html.slice(last + NAME_LENGTH, tagEnd === -1 ? html.length : tagEnd));
  for (let m = open.exec(html); m; m = open.exec(html)) {
    if (tagEnd === -2 || (tagEnd !== -1 && m.index > tagEnd)) {
      if (lastRuns()) return true;
      tagEnd = html.indexOf('>', m.index);
    }
    last = m.index;
  }
  return lastRuns();
}
