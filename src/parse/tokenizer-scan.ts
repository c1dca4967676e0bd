// The reading machinery under urlkit's tokenizer (tokenizer.ts): its states' numbers, the
// characters and sequences it looks for, where it stands in the page, how it skips runs that need
// no state, how it decodes character references (with the entities package's decoder), and what
// the page's end leaves open.
import { DecodingMode, HtmlEntityDecoder, XmlEntityDecoder } from 'entities/decode';
import type { TokenizerEvents } from './tokenizer-events.js';

// The states, numbered as htmlparser2 numbers them.
export const enum State {
  TEXT = 1,
  BEFORE_TAG_NAME = 2,
  IN_TAG_NAME = 3,
  IN_SELF_CLOSING_TAG = 4,
  BEFORE_CLOSING_TAG_NAME = 5,
  IN_CLOSING_TAG_NAME = 6,
  AFTER_CLOSING_TAG_NAME = 7,
  BEFORE_ATTRIBUTE_NAME = 8,
  IN_ATTRIBUTE_NAME = 9,
  AFTER_ATTRIBUTE_NAME = 10,
  BEFORE_ATTRIBUTE_VALUE = 11,
  IN_ATTRIBUTE_VALUE_DQ = 12,
  IN_ATTRIBUTE_VALUE_SQ = 13,
  IN_ATTRIBUTE_VALUE_NQ = 14,
  BEFORE_DECLARATION = 15,
  IN_DECLARATION = 16,
  IN_PROCESSING_INSTRUCTION = 17,
  BEFORE_COMMENT = 18,
  CDATA_SEQUENCE = 19,
  DECLARATION_SEQUENCE = 20,
  IN_SPECIAL_COMMENT = 21,
  IN_COMMENT_LIKE = 22,
  SPECIAL_START_SEQUENCE = 23,
  IN_SPECIAL_TAG = 24,
  IN_PLAIN_TEXT = 25,
  IN_ENTITY = 26,
}

export const enum Char {
  TAB = 0x09,
  NEW_LINE = 0x0a,
  FORM_FEED = 0x0c,
  CARRIAGE_RETURN = 0x0d,
  SPACE = 0x20,
  EXCLAMATION = 0x21,
  DOUBLE_QUOTE = 0x22,
  AMP = 0x26,
  SINGLE_QUOTE = 0x27,
  DASH = 0x2d,
  SLASH = 0x2f,
  LT = 0x3c,
  EQUALS = 0x3d,
  GT = 0x3e,
  QUESTION = 0x3f,
  OPEN_BRACKET = 0x5b,
}

export const bytes = (s: string): Uint8Array => Uint8Array.from(s, (ch) => ch.charCodeAt(0));
export const EMPTY: Uint8Array = new Uint8Array(0);
export const CDATA = bytes('CDATA[');
export const CDATA_END = bytes(']]>');
export const COMMENT_END = bytes('--!>');
export const DOCTYPE = bytes('doctype');
// End sequences of the raw-text elements, lower case; the start tag is matched against them
// from their third byte (the name's first letter).
export const IFRAME_END = bytes('</iframe');
export const NOEMBED_END = bytes('</noembed');
export const NOFRAMES_END = bytes('</noframes');
export const PLAINTEXT_END = bytes('</plaintext');
export const SCRIPT_END = bytes('</script');
export const STYLE_END = bytes('</style');
export const TITLE_END = bytes('</title');
export const TEXTAREA_END = bytes('</textarea');
export const XMP_END = bytes('</xmp');
export const SPECIAL_BY_FIRST_LETTER = new Map<number, Uint8Array>(
  [IFRAME_END, NOEMBED_END, PLAINTEXT_END, SCRIPT_END, TITLE_END, XMP_END].map((s) => [s[2]!, s]),
);
/** The raw-text elements whose content a browser never shows (by their first letter). */
export const UNSHOWN_RAW_TEXT = new Set([0x69, 0x6e, 0x70, 0x78]);

export function isWhitespace(c: Char): boolean {
  return (
    c === Char.SPACE || c === Char.NEW_LINE || c === Char.TAB || c === Char.FORM_FEED || c === Char.CARRIAGE_RETURN
  );
}

/** What ends a tag or attribute name: `/`, `>` or whitespace. */
export function isEndOfTagSection(c: Char): boolean {
  return c === Char.SLASH || c === Char.GT || isWhitespace(c);
}

export function isAsciiAlpha(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** The characters runs stop at, by index (see Tokenizer.found). */
export const STOPS = ['&', '<', '"', "'"];
export const enum Stop {
  AMP_STOP = 0,
  LT_STOP = 1,
  DOUBLE_QUOTE_STOP = 2,
  SINGLE_QUOTE_STOP = 3,
}

export abstract class TokenizerScan {
  protected state = State.TEXT;
  protected sectionStart = 0;
  protected index = 0;
  protected entityStart = 0;
  protected baseState = State.TEXT;
  protected isSpecial = false;
  protected currentSequence: Uint8Array = EMPTY;
  protected sequenceIndex = 0;
  /** Where the next `&`, `<`, `"` and `'` are (the page's length when there is none), at or
   *  after the position each was last searched from; -1 before the first search. A run may
   *  end at an earlier stop than the one searched for, and the position found is kept for the
   *  next run: each character is searched at most once for each stop, where searching afresh
   *  made text full of `&`s quadratic. */
  protected readonly found = [-1, -1, -1, -1];
  protected readonly decoder: HtmlEntityDecoder | XmlEntityDecoder;
  /** The piece of the page being read (page-pieces.ts), and where it starts in the page. Every
   *  position above (index, sectionStart, found, …) is the page's; only reads subtract offset. */
  protected buffer = '';
  protected offset = 0;

  constructor(
    protected readonly cbs: TokenizerEvents,
    protected readonly xmlMode: boolean,
  ) {
    const emit = (cp: number, consumed: number): void => this.emitCodePoint(cp, consumed);
    this.decoder = xmlMode ? new XmlEntityDecoder(emit) : new HtmlEntityDecoder(emit);
  }

  /** Back to text after the construct ending at the current character. */
  protected toText(): void {
    this.state = State.TEXT;
    this.sectionStart = this.index + 1;
  }

  /** The position of the first `STOPS[which]` at or after `from` (the piece's end if none). */
  protected next(which: number, from: number): number {
    const found = this.found;
    if (found[which]! < from) {
      const offset = this.offset;
      const at = this.buffer.indexOf(STOPS[which]!, from - offset);
      found[which] = offset + (at === -1 ? this.buffer.length : at);
    }
    return found[which]!;
  }

  /** Moves to just before the first `STOPS[which]` or `&` after the current character (the
   *  main loop reads that character next), or to the piece's last character. */
  protected skipTo(which: number): void {
    const from = this.index + 1;
    const end = this.next(which, from);
    const amp = this.next(Stop.AMP_STOP, from);
    this.index = (amp < end ? amp : end) - 1;
  }

  /** Moves to just before the first character after the current one that ends a name (and,
   *  for an attribute's, `=`), or to the piece's last character. */
  protected skipName(attribute: boolean): void {
    const buffer = this.buffer;
    const length = buffer.length;
    let i = this.index + 1 - this.offset;
    while (i < length) {
      const c = buffer.charCodeAt(i) as Char;
      if (isEndOfTagSection(c) || (attribute && c === Char.EQUALS)) break;
      i++;
    }
    this.index = this.offset + i - 1;
  }

  /** Moves to the next `c` after the current character (true), or to the piece's last
   *  character (false: the state reads on in the next piece). */
  protected fastForwardTo(c: Char): boolean {
    const at = this.buffer.indexOf(String.fromCharCode(c), this.index + 1 - this.offset);
    if (at !== -1) {
      this.index = this.offset + at;
      return true;
    }
    this.index = this.offset + this.buffer.length - 1;
    return false;
  }

  protected startEntity(): void {
    this.baseState = this.state;
    this.state = State.IN_ENTITY;
    this.entityStart = this.index;
    this.decoder.startEntity(
      this.xmlMode
        ? DecodingMode.Strict
        : this.baseState === State.TEXT || this.baseState === State.IN_SPECIAL_TAG
          ? DecodingMode.Legacy
          : DecodingMode.Attribute,
    );
  }

  protected stateInEntity(): void {
    const offset = this.offset;
    const local = this.index - offset;
    const length = this.decoder.write(this.buffer, local);
    if (length >= 0) {
      this.state = this.baseState;
      if (length === 0) this.index--;
      // An entity shorter than the name read (`&notit`: `&not`) goes on from its end, which may
      // lie in the piece before. What lies between is letters and digits, which change no state
      // (the text or value runs from sectionStart), so reading on from this piece's start is the same.
      if (this.index < offset - 1) this.index = offset - 1;
    } else if (local < this.buffer.length && (this.buffer.charCodeAt(local) as Char) === Char.AMP) {
      this.state = this.baseState;
      this.index--;
    } else {
      // The piece ended in the entity: the decoder reads on in the next.
      this.index = offset + this.buffer.length - 1;
    }
  }

  /** The decoder's answer: `cp` stands for the `consumed` characters from entityStart. */
  protected emitCodePoint(cp: number, consumed: number): void {
    const inText = this.baseState === State.TEXT || this.baseState === State.IN_SPECIAL_TAG;
    if (this.sectionStart < this.entityStart) {
      if (inText) this.cbs.ontext(this.sectionStart, this.entityStart);
      else this.cbs.onattribdata(this.sectionStart, this.entityStart);
    }
    this.sectionStart = this.entityStart + consumed;
    this.index = this.sectionStart - 1;
    if (inText) this.cbs.ontextentity(cp, this.sectionStart);
    else this.cbs.onattribentity(cp);
  }

  /** Text or attribute value read up to the end of the page (htmlparser2's cleanup). */
  protected emitPending(): void {
    if (this.sectionStart === this.index) return;
    const state = this.state;
    if (
      state === State.TEXT ||
      state === State.IN_PLAIN_TEXT ||
      (state === State.IN_SPECIAL_TAG && this.sequenceIndex === 0)
    ) {
      this.cbs.ontext(this.sectionStart, this.index);
      this.sectionStart = this.index;
    } else if (
      state === State.IN_ATTRIBUTE_VALUE_DQ ||
      state === State.IN_ATTRIBUTE_VALUE_SQ ||
      state === State.IN_ATTRIBUTE_VALUE_NQ
    ) {
      this.cbs.onattribdata(this.sectionStart, this.index);
      this.sectionStart = this.index;
    }
  }

  protected finish(): void {
    if (this.state === State.IN_ENTITY) {
      this.decoder.end();
      this.state = this.baseState;
    }
    this.finishTrailing(this.offset + this.buffer.length);
    this.cbs.onend();
  }

  /** What the page's end leaves open: an unclosed comment is a comment, text is text, a tag is dropped. */
  protected finishTrailing(end: number): void {
    const state = this.state;
    if (state === State.IN_COMMENT_LIKE) {
      if (this.currentSequence === CDATA_END) {
        if (!this.xmlMode) this.cbs.oncomment(this.sectionStart - CDATA.length - 1, end, 0);
        else if (this.sectionStart < end) this.cbs.oncdata(this.sectionStart, end, 0);
      } else {
        const offset = this.xmlMode ? 0 : Math.min(this.sequenceIndex, COMMENT_END.length - 1);
        this.cbs.oncomment(this.sectionStart, end, offset);
      }
      return;
    }
    if (this.xmlMode) {
      if (
        state === State.IN_SPECIAL_COMMENT ||
        state === State.BEFORE_COMMENT ||
        state === State.CDATA_SEQUENCE ||
        state === State.DECLARATION_SEQUENCE ||
        state === State.IN_DECLARATION
      ) {
        this.cbs.ontext(this.sectionStart, end);
        return;
      }
    } else if (
      state === State.BEFORE_DECLARATION ||
      state === State.IN_SPECIAL_COMMENT ||
      state === State.BEFORE_COMMENT ||
      state === State.CDATA_SEQUENCE
    ) {
      this.cbs.oncomment(this.sectionStart, end, 0);
      return;
    } else if (state === State.DECLARATION_SEQUENCE) {
      if (this.sequenceIndex !== DOCTYPE.length) this.cbs.oncomment(this.sectionStart, end, 0);
      return;
    } else if (state === State.IN_DECLARATION) {
      return;
    }
    if (this.sectionStart >= end) return;
    if (
      state === State.IN_TAG_NAME ||
      state === State.BEFORE_ATTRIBUTE_NAME ||
      state === State.BEFORE_ATTRIBUTE_VALUE ||
      state === State.AFTER_ATTRIBUTE_NAME ||
      state === State.IN_ATTRIBUTE_NAME ||
      state === State.IN_ATTRIBUTE_VALUE_SQ ||
      state === State.IN_ATTRIBUTE_VALUE_DQ ||
      state === State.IN_ATTRIBUTE_VALUE_NQ ||
      state === State.IN_CLOSING_TAG_NAME
    ) {
      return;
    }
    this.cbs.ontext(this.sectionStart, end);
  }
}
