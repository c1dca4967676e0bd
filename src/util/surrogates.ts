// Cutting a JavaScript string (UTF-16 code units) into slices: a slice must never end between the
// two halves of a surrogate pair, which would encode, or escape, as two lone halves.

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Where the slice of `text` from `at`, at most `length` code units, ends: one sooner than a pair it would split. */
export function sliceEnd(text: string, at: number, length: number): number {
  const end = Math.min(text.length, at + length);
  return end < text.length && isHighSurrogate(text.charCodeAt(end - 1)) ? end - 1 : end;
}
