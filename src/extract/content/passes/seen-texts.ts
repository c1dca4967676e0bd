// The long paragraphs a reading has printed so far, for the passes that read a repeat once
// (doubled-lines.ts). A Set<string> would do, but a paragraph's text is a fresh string, and V8
// hashes a fresh string by reading every character (about 2 ns each): on bench:hostile's row-7
// page (11,849 paragraphs of 413 characters) that hash was 5% of the content task. Here each
// text is filed by a print read in constant time (its length and five characters), and compared
// with `===` (memory speed, and it stops at the first difference) against the one text filed
// under that print; only texts that share a print with another one are hashed, in a Set. The
// answers are a Set's: a text is "seen" exactly when an equal string was added before.

/** The print of a text: its length and the characters at five fixed fractions of it. */
function print(text: string): number {
  const n = text.length;
  const q = n >> 2;
  let h = Math.imul(n, 0x9e3779b1);
  h = Math.imul(h ^ text.charCodeAt(0), 0x85ebca6b);
  h = Math.imul(h ^ text.charCodeAt(q), 0xc2b2ae35);
  h = Math.imul(h ^ text.charCodeAt(n >> 1), 0x9e3779b1);
  h = Math.imul(h ^ text.charCodeAt(n - q - 1), 0x85ebca6b);
  h ^= text.charCodeAt(n - 1);
  // A small integer: V8 hashes it without a heap number.
  return h & 0x3fffffff;
}

export class SeenTexts {
  /** By print: the one text filed under it, or a Set of all of them once there are two. */
  private readonly byPrint = new Map<number, string | Set<string>>();

  /** Files `text`; false when an equal text was filed before (nothing changes then). */
  add(text: string): boolean {
    const key = print(text);
    const filed = this.byPrint.get(key);
    if (filed === undefined) {
      this.byPrint.set(key, text);
      return true;
    }
    if (typeof filed === 'string') {
      if (filed === text) return false;
      this.byPrint.set(key, new Set([filed, text]));
      return true;
    }
    if (filed.has(text)) return false;
    filed.add(text);
    return true;
  }
}
