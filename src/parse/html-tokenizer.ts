// htmlparser2's tokenizer, with `<![CDATA[` read the way browsers read it in HTML content, and
// with its character-by-character runs skipped by string search.
//
// CDATA: htmlparser2 scans a CDATA section up to `]]>` whatever the context, and an unclosed one
// runs to the end of the document: one stray `<![CDATA[` in a page's body (a template that
// escaped its script) swallowed every post of a forum thread. The HTML standard makes it a bogus
// comment that ends at the next `>` outside SVG and MathML, where CDATA sections are real.
//
// Runs: with entities decoded, the tokenizer reads text and quoted attribute values one
// character at a time through its state loop, though nothing happens until a `<`, a `&` or the
// closing quote; its fast-forward (scripts, styles, comments, the rest of an end tag) is a loop
// over characters too, and so are tag and attribute names (nothing happens before their end).
// Here those runs end at the next such character, found by indexOf or (for names) by a tight
// loop, the same events at the same indices in far fewer steps. Each stop's next position is kept once
// found, so that no stretch of the page is searched twice for the same character.
import { Tokenizer } from 'htmlparser2';

/** The tokenizer's private state these overrides read and set (private in its types). Because
 *  they reach past its public API, package.json pins htmlparser2's exact version; the parse
 *  tests hold the events to the unmodified tokenizer's. */
interface TokenizerInternals {
  state: number;
  sequenceIndex: number;
  xmlMode: boolean;
  decodeEntities: boolean;
  buffer: string;
  offset: number;
  index: number;
  isSpecial: boolean;
  currentSequence: Uint8Array;
  /** The Parser: its foreign-content test, and its open elements' names, innermost first. */
  cbs: { isInForeignContext?: () => boolean; stack?: string[] };
  stateCDATASequence(c: number): void;
  stateSpecialStartSequence(c: number): void;
  stateText(c: number): void;
  stateInAttributeValueDoubleQuotes(c: number): void;
  stateInAttributeValueSingleQuotes(c: number): void;
  stateInAttributeName(c: number): void;
  stateInTagName(c: number): void;
  stateInClosingTagName(c: number): void;
  fastForwardTo(c: number): boolean;
}

/** htmlparser2's State.InSpecialComment: a bogus comment, ended by the next `>`. */
const IN_SPECIAL_COMMENT = 21;
/** Characters of "CDATA[" read before the last one. */
const CDATA_LAST = 5;
const OPEN_BRACKET = 0x5b;
const LT = 0x3c;
const AMP = 0x26;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

const SLASH = 0x2f;
const GT = 0x3e;
const EQUALS = 0x3d;

/** What ends a tag or attribute name in htmlparser2 (its isEndOfTagSection): `/`, `>` or its
 *  whitespace (space, tab, line feed, form feed, carriage return). */
function endsName(c: number): boolean {
  return c === SLASH || c === GT || c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
}

/** The characters runs stop at, by index (see HtmlCdataTokenizer.found). */
const STOPS = ['&', '<', '"', "'"];
const AMP_STOP = 0;
const LT_STOP = 1;
const DOUBLE_QUOTE_STOP = 2;
const SINGLE_QUOTE_STOP = 3;

/** The fourth byte of htmlparser2's end sequences (`</iframe`, `</noembed`, `</noframes`,
 *  `</plaintext`, `</xmp`): the raw-text elements whose content a browser never shows. */
const UNSHOWN_RAW_TEXT = new Set([0x69, 0x6e, 0x70, 0x78]);
const NO_SEQUENCE = new Uint8Array(0);

const TokenizerWithInternals = Tokenizer as unknown as new (
  ...args: ConstructorParameters<typeof Tokenizer>
) => TokenizerInternals;

class HtmlCdataTokenizer extends TokenizerWithInternals {
  /** Where the next `&`, `<`, `"` and `'` are in `foundIn` (its length when there is none), at
   *  or after the position each was searched from; -1 before the first search. A run may end
   *  at an earlier stop than the one searched for, and the position found is kept for the next
   *  run: each character of the page is searched at most once for each stop, where searching
   *  afresh made text full of `&`s quadratic. */
  private readonly found = [-1, -1, -1, -1];
  private foundIn = '';

  override stateCDATASequence(c: number): void {
    if (
      c === OPEN_BRACKET &&
      this.sequenceIndex === CDATA_LAST &&
      !this.xmlMode &&
      this.cbs.isInForeignContext?.() !== true
    ) {
      this.sequenceIndex = 0;
      this.state = IN_SPECIAL_COMMENT;
      return;
    }
    super.stateCDATASequence(c);
  }

  /**
   * Inside `<noscript>` (which urlkit reads as markup: sites put a whole thread there for
   * readers without scripts), an `<iframe>`, `<noembed>`, `<noframes>`, `<xmp>` or `<plaintext>`
   * is an element like any other, not raw text. Read as raw text, a self-closed
   * `<noscript><iframe src=… /></noscript>` (a tag manager's pixel) ran to an `</iframe>` that
   * never comes and took the rest of the page as its text. Browsers, with scripts on, read the
   * whole `<noscript>` as raw text ending at `</noscript>`; with this, the iframe ends there too.
   */
  override stateSpecialStartSequence(c: number): void {
    const sequence = this.currentSequence;
    if (
      this.sequenceIndex === sequence.length &&
      UNSHOWN_RAW_TEXT.has(sequence[2]!) &&
      this.cbs.stack?.includes('noscript') === true
    ) {
      this.isSpecial = false;
      this.currentSequence = NO_SEQUENCE;
    }
    super.stateSpecialStartSequence(c);
  }

  /** The buffer position of the first `STOPS[which]` at or after `from` (the buffer's length if none). */
  private next(which: number, buffer: string, from: number): number {
    const found = this.found;
    if (this.foundIn !== buffer) {
      found.fill(-1);
      this.foundIn = buffer;
    }
    if (found[which]! < from) {
      const at = buffer.indexOf(STOPS[which]!, from);
      found[which] = at === -1 ? buffer.length : at;
    }
    return found[which]!;
  }

  /** Moves to just before the first `STOPS[which]` or (when entities are decoded) `&` after the
   *  current character, or to the buffer's last character: the state loop reads that character next. */
  private skipTo(which: number): void {
    const buffer = this.buffer;
    const from = this.index - this.offset + 1;
    let end = this.next(which, buffer, from);
    if (this.decodeEntities) {
      const amp = this.next(AMP_STOP, buffer, from);
      if (amp < end) end = amp;
    }
    this.index = end + this.offset - 1;
  }

  override stateText(c: number): void {
    // htmlparser2 does nothing in text for a character other than these two.
    if (c === LT || c === AMP) super.stateText(c);
    else this.skipTo(LT_STOP);
  }

  override stateInAttributeValueDoubleQuotes(c: number): void {
    if (c === DOUBLE_QUOTE || c === AMP) super.stateInAttributeValueDoubleQuotes(c);
    else this.skipTo(DOUBLE_QUOTE_STOP);
  }

  override stateInAttributeValueSingleQuotes(c: number): void {
    if (c === SINGLE_QUOTE || c === AMP) super.stateInAttributeValueSingleQuotes(c);
    else this.skipTo(SINGLE_QUOTE_STOP);
  }

  /** Moves to just before the first character after the current one that ends a name (and,
   *  for an attribute's, `=`), or to the buffer's last character: names are read a character
   *  at a time through the state loop though nothing happens before their end. */
  private skipName(attribute: boolean): void {
    const buffer = this.buffer;
    const length = buffer.length;
    let i = this.index - this.offset + 1;
    while (i < length) {
      const c = buffer.charCodeAt(i);
      if (endsName(c) || (attribute && c === EQUALS)) break;
      i++;
    }
    this.index = (i < length ? i : length) + this.offset - 1;
  }

  override stateInAttributeName(c: number): void {
    if (c === EQUALS || endsName(c)) super.stateInAttributeName(c);
    else this.skipName(true);
  }

  override stateInTagName(c: number): void {
    if (endsName(c)) super.stateInTagName(c);
    else this.skipName(false);
  }

  override stateInClosingTagName(c: number): void {
    if (endsName(c)) super.stateInClosingTagName(c);
    else this.skipName(false);
  }

  /** htmlparser2's fastForwardTo (the next `c` after the current character, or the buffer's
   *  last character and false), by indexOf. */
  override fastForwardTo(c: number): boolean {
    const buffer = this.buffer;
    const at = buffer.indexOf(String.fromCharCode(c), this.index - this.offset + 1);
    if (at !== -1) {
      this.index = at + this.offset;
      return true;
    }
    this.index = buffer.length + this.offset - 1;
    return false;
  }
}

export const HtmlTokenizer = HtmlCdataTokenizer as unknown as typeof Tokenizer;
