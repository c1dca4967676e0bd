// urlkit's HTML tokenizer: one pass over a whole page, reporting tags, attributes, text and
// comments by their positions in it. Its states and events are those of htmlparser2's Tokenizer
// (12.0.0, MIT licence, Felix Böhm), whose reading of real pages the extraction rules were tuned
// on; tests hold the events to that tokenizer's on edge cases and on both development sets.
// It is ours rather than htmlparser2's because it reads HTML differently where browsers do:
//  - a `<![CDATA[` in HTML content (not SVG or MathML) is a bogus comment ending at the next `>`,
//    as the HTML standard says, where htmlparser2 reads on to a `]]>` or the end of the page (one
//    stray `<![CDATA[` in a forum page swallowed every post after it);
//  - inside `<noscript>` (read as markup: sites put a whole thread there), an `<iframe>`,
//    `<noembed>`, `<noframes>`, `<xmp>` or `<plaintext>` is an element, not raw text: a
//    self-closed `<iframe … />` (a tag manager's pixel) otherwise ran to an `</iframe>` that
//    never comes and took the rest of the page as its text;
// and because it skips what needs no state: a run of text or of a quoted attribute value ends at
// the next `<`, `&` or quote, found by indexOf, and names are read to their end in a tight loop.
import { QuoteType, type TokenizerEvents } from './tokenizer-events.js';
import {
  EMPTY,
  SPECIAL_BY_FIRST_LETTER,
  isAsciiAlpha,
  isEndOfTagSection,
  isWhitespace,
  Char,
  State,
  Stop,
} from './tokenizer-scan.js';
import { TokenizerRaw } from './tokenizer-raw.js';

export { QuoteType, type TokenizerEvents } from './tokenizer-events.js';

/** Reads all of `source` (a page, or its pieces in order: page-pieces.ts), reporting to
 *  `events` by positions in the whole page. In XML mode there are no raw-text elements,
 *  `<?…?>` and `<!…>` are instructions and declarations, and `/>` closes any element. Returns
 *  the tokenizer that read it, for a caller that keeps one alive (kept-shapes.ts). */
export function tokenize(source: string | readonly string[], events: TokenizerEvents, xmlMode = false): object {
  const tokenizer = new Tokenizer(events, xmlMode);
  tokenizer.run(typeof source === 'string' ? [source] : source);
  return tokenizer;
}

class Tokenizer extends TokenizerRaw {
  /** Reads the pieces one after another. A token may span pieces: each state reads to the end
   *  of a piece at most and goes on with the next one's first character. */
  run(pieces: readonly string[]): void {
    let start = 0;
    for (const piece of pieces) {
      this.buffer = piece;
      this.offset = start;
      start += piece.length;
      this.readPiece(start);
    }
    this.emitPending();
    this.finish();
  }

  private readPiece(end: number): void {
    const buffer = this.buffer;
    const offset = this.offset;
    while (this.index < end) {
      const c = buffer.charCodeAt(this.index - offset) as Char;
      switch (this.state) {
        case State.TEXT:
          if (c === Char.LT) this.startTag();
          else if (c === Char.AMP) this.startEntity();
          else this.skipTo(Stop.LT_STOP);
          break;
        case State.IN_PLAIN_TEXT:
          this.index = end - 1;
          break;
        case State.SPECIAL_START_SEQUENCE:
          this.stateSpecialStartSequence(c);
          break;
        case State.IN_SPECIAL_TAG:
          this.stateInSpecialTag(c);
          break;
        case State.CDATA_SEQUENCE:
          this.stateCdataSequence(c);
          break;
        case State.DECLARATION_SEQUENCE:
          this.stateDeclarationSequence(c);
          break;
        case State.IN_ATTRIBUTE_VALUE_DQ:
          this.stateInQuotedValue(c, Char.DOUBLE_QUOTE, Stop.DOUBLE_QUOTE_STOP);
          break;
        case State.IN_ATTRIBUTE_NAME:
          this.stateInAttributeName(c);
          break;
        case State.IN_COMMENT_LIKE:
          this.stateInCommentLike(c);
          break;
        case State.IN_SPECIAL_COMMENT:
          this.stateInSpecialComment(c);
          break;
        case State.BEFORE_ATTRIBUTE_NAME:
          this.stateBeforeAttributeName(c);
          break;
        case State.IN_TAG_NAME:
          this.stateInTagName(c);
          break;
        case State.IN_CLOSING_TAG_NAME:
          this.stateInClosingTagName(c);
          break;
        case State.BEFORE_TAG_NAME:
          this.stateBeforeTagName(c);
          break;
        case State.AFTER_ATTRIBUTE_NAME:
          this.stateAfterAttributeName(c);
          break;
        case State.IN_ATTRIBUTE_VALUE_SQ:
          this.stateInQuotedValue(c, Char.SINGLE_QUOTE, Stop.SINGLE_QUOTE_STOP);
          break;
        case State.BEFORE_ATTRIBUTE_VALUE:
          this.stateBeforeAttributeValue(c);
          break;
        case State.BEFORE_CLOSING_TAG_NAME:
          this.stateBeforeClosingTagName(c);
          break;
        case State.AFTER_CLOSING_TAG_NAME:
          if (c === Char.GT || this.fastForwardTo(Char.GT)) this.toText();
          break;
        case State.IN_ATTRIBUTE_VALUE_NQ:
          this.stateInAttributeValueNoQuotes(c);
          break;
        case State.IN_SELF_CLOSING_TAG:
          this.stateInSelfClosingTag(c);
          break;
        case State.IN_DECLARATION:
          this.stateInDeclaration(c);
          break;
        case State.BEFORE_DECLARATION:
          this.stateBeforeDeclaration(c);
          break;
        case State.BEFORE_COMMENT:
          this.stateBeforeComment(c);
          break;
        case State.IN_PROCESSING_INSTRUCTION:
          this.stateInProcessingInstruction(c);
          break;
        case State.IN_ENTITY:
          this.stateInEntity();
          break;
      }
      this.index++;
    }
  }
  private startTag(): void {
    if (this.index > this.sectionStart) this.cbs.ontext(this.sectionStart, this.index);
    this.state = State.BEFORE_TAG_NAME;
    this.sectionStart = this.index;
  }

  private isTagStartChar(c: Char): boolean {
    return this.xmlMode ? !isEndOfTagSection(c) : isAsciiAlpha(c);
  }

  private stateBeforeTagName(c: Char): void {
    if (c === Char.EXCLAMATION) {
      this.state = State.BEFORE_DECLARATION;
      this.sectionStart = this.index + 1;
    } else if (c === Char.QUESTION) {
      if (this.xmlMode) {
        this.state = State.IN_PROCESSING_INSTRUCTION;
        this.sequenceIndex = 0;
        this.sectionStart = this.index + 1;
      } else {
        this.state = State.IN_SPECIAL_COMMENT;
        this.sectionStart = this.index;
      }
    } else if (this.isTagStartChar(c)) {
      this.sectionStart = this.index;
      const special = this.xmlMode || this.cbs.isInForeignContext() ? undefined : SPECIAL_BY_FIRST_LETTER.get(c | 0x20);
      if (special === undefined) {
        this.state = State.IN_TAG_NAME;
      } else {
        this.isSpecial = true;
        this.currentSequence = special;
        this.sequenceIndex = 3;
        this.state = State.SPECIAL_START_SEQUENCE;
      }
    } else if (c === Char.SLASH) {
      this.state = State.BEFORE_CLOSING_TAG_NAME;
    } else {
      // Not a tag: the `<` is text.
      this.state = State.TEXT;
      if (c === Char.LT) this.startTag();
      else if (c === Char.AMP) this.startEntity();
    }
  }

  protected stateInTagName(c: Char): void {
    if (!isEndOfTagSection(c)) return this.skipName(false);
    this.cbs.onopentagname(this.sectionStart, this.index);
    this.sectionStart = -1;
    this.state = State.BEFORE_ATTRIBUTE_NAME;
    this.stateBeforeAttributeName(c);
  }

  private stateBeforeClosingTagName(c: Char): void {
    if (isWhitespace(c)) {
      // `</ x>` is a bogus comment in HTML; XML allows the space.
      if (!this.xmlMode) {
        this.state = State.IN_SPECIAL_COMMENT;
        this.sectionStart = this.index;
      }
    } else if (c === Char.GT) {
      this.state = State.TEXT;
      if (!this.xmlMode) this.sectionStart = this.index + 1;
    } else {
      this.state = this.isTagStartChar(c) ? State.IN_CLOSING_TAG_NAME : State.IN_SPECIAL_COMMENT;
      this.sectionStart = this.index;
    }
  }

  protected stateInClosingTagName(c: Char): void {
    if (!isEndOfTagSection(c)) return this.skipName(false);
    this.cbs.onclosetag(this.sectionStart, this.index);
    this.sectionStart = -1;
    this.state = State.AFTER_CLOSING_TAG_NAME;
    if (c === Char.GT || this.fastForwardTo(Char.GT)) this.toText();
  }

  private stateBeforeAttributeName(c: Char): void {
    if (c === Char.GT) {
      this.cbs.onopentagend(this.index);
      this.enterTagBody();
      this.sectionStart = this.index + 1;
    } else if (c === Char.SLASH) {
      this.state = State.IN_SELF_CLOSING_TAG;
    } else if (!isWhitespace(c)) {
      this.state = State.IN_ATTRIBUTE_NAME;
      this.sectionStart = this.index;
    }
  }

  private stateInSelfClosingTag(c: Char): void {
    if (c === Char.GT) {
      this.cbs.onselfclosingtag(this.index);
      this.sectionStart = this.index + 1;
      if (!this.xmlMode) {
        // HTML ignores the `/`: a raw-text element still starts here.
        this.enterTagBody();
        return;
      }
      this.state = State.TEXT;
      this.isSpecial = false;
      this.currentSequence = EMPTY;
    } else if (!isWhitespace(c)) {
      this.state = State.BEFORE_ATTRIBUTE_NAME;
      this.stateBeforeAttributeName(c);
    }
  }

  private stateInAttributeName(c: Char): void {
    if (c !== Char.EQUALS && !isEndOfTagSection(c)) return this.skipName(true);
    this.cbs.onattribname(this.sectionStart, this.index);
    this.sectionStart = this.index;
    this.state = State.AFTER_ATTRIBUTE_NAME;
    this.stateAfterAttributeName(c);
  }

  private stateAfterAttributeName(c: Char): void {
    if (c === Char.EQUALS) {
      this.state = State.BEFORE_ATTRIBUTE_VALUE;
    } else if (c === Char.SLASH || c === Char.GT) {
      this.cbs.onattribend(QuoteType.NoValue, this.sectionStart);
      this.sectionStart = -1;
      this.state = State.BEFORE_ATTRIBUTE_NAME;
      this.stateBeforeAttributeName(c);
    } else if (!isWhitespace(c)) {
      this.cbs.onattribend(QuoteType.NoValue, this.sectionStart);
      this.state = State.IN_ATTRIBUTE_NAME;
      this.sectionStart = this.index;
    }
  }

  private stateBeforeAttributeValue(c: Char): void {
    if (c === Char.DOUBLE_QUOTE) {
      this.state = State.IN_ATTRIBUTE_VALUE_DQ;
      this.sectionStart = this.index + 1;
    } else if (c === Char.SINGLE_QUOTE) {
      this.state = State.IN_ATTRIBUTE_VALUE_SQ;
      this.sectionStart = this.index + 1;
    } else if (!isWhitespace(c)) {
      this.sectionStart = this.index;
      this.state = State.IN_ATTRIBUTE_VALUE_NQ;
      this.stateInAttributeValueNoQuotes(c);
    }
  }

  private stateInQuotedValue(c: Char, quote: Char, stop: Stop): void {
    if (c === quote) {
      this.cbs.onattribdata(this.sectionStart, this.index);
      this.sectionStart = -1;
      this.cbs.onattribend(quote === Char.DOUBLE_QUOTE ? QuoteType.Double : QuoteType.Single, this.index + 1);
      this.state = State.BEFORE_ATTRIBUTE_NAME;
    } else if (c === Char.AMP) {
      this.startEntity();
    } else {
      this.skipTo(stop);
    }
  }

  private stateInAttributeValueNoQuotes(c: Char): void {
    if (isWhitespace(c) || c === Char.GT) {
      this.cbs.onattribdata(this.sectionStart, this.index);
      this.sectionStart = -1;
      this.cbs.onattribend(QuoteType.Unquoted, this.index);
      this.state = State.BEFORE_ATTRIBUTE_NAME;
      this.stateBeforeAttributeName(c);
    } else if (c === Char.AMP) {
      this.startEntity();
    }
  }
}
