// Characters a page's text holds that no reader sees, nor would type: the zero-width space, the word joiner
// and a byte order mark inside the text (editors' leftovers, "\u200bPersonalization"), and the soft hyphen
// (`&shy;`, where a line may break: "Ver\u00adsicherung" is one word). The joiners that shape a script or an
// emoji (U+200C, U+200D) and the direction marks are kept. The clean tools print text without them; the
// metadata reports what the page declares, as written.

const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/;
const INVISIBLES = /[\u00ad\u200b\u2060\ufeff]/g;

/** `s` without the characters no reader sees (itself when it has none). */
export function withoutInvisibles(s: string): string {
  return INVISIBLE.test(s) ? s.replace(INVISIBLES, '') : s;
}
