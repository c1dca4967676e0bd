// What the tokenizer reads as other than tags and text: comments, CDATA sections, doctypes and
// (in XML) processing instructions, and the content of raw-text elements (script, style, title, …).
// A CDATA section in HTML content is a bogus comment, as in browsers.
import {
  TokenizerScan,
  CDATA,
  CDATA_END,
  COMMENT_END,
  DOCTYPE,
  EMPTY,
  NOEMBED_END,
  NOFRAMES_END,
  PLAINTEXT_END,
  SCRIPT_END,
  STYLE_END,
  TEXTAREA_END,
  TITLE_END,
  UNSHOWN_RAW_TEXT,
  isEndOfTagSection,
  Char,
  State,
} from './tokenizer-scan.js';

export abstract class TokenizerRaw extends TokenizerScan {
  /** Tag names are read by the tags' states (tokenizer.ts); raw text ends with an end tag. */
  protected abstract stateInTagName(c: Char): void;
  protected abstract stateInClosingTagName(c: Char): void;

  protected stateCdataSequence(c: Char): void {
    if (c === CDATA[this.sequenceIndex]) {
      if (this.sequenceIndex === CDATA.length - 1 && !this.xmlMode && !this.cbs.isInForeignContext()) {
        // HTML content: a bogus comment from the `[` after `<!`, ending at the next `>`.
        this.sequenceIndex = 0;
        this.state = State.IN_SPECIAL_COMMENT;
      } else if (++this.sequenceIndex === CDATA.length) {
        this.state = State.IN_COMMENT_LIKE;
        this.currentSequence = CDATA_END;
        this.sequenceIndex = 0;
        this.sectionStart = this.index + 1;
      }
    } else {
      this.sequenceIndex = 0;
      if (this.xmlMode) {
        this.state = State.IN_DECLARATION;
        this.stateInDeclaration(c);
      } else {
        this.state = State.IN_SPECIAL_COMMENT;
        this.stateInSpecialComment(c);
      }
    }
  }

  protected emitComment(offset: number): void {
    this.cbs.oncomment(this.sectionStart, this.index, offset);
    this.sequenceIndex = 0;
    this.toText();
  }

  /** Inside a comment or CDATA section, looking for its end (`-->`, `--!>` or `]]>`). */
  protected stateInCommentLike(c: Char): void {
    const sequence = this.currentSequence;
    if (
      !this.xmlMode &&
      sequence === COMMENT_END &&
      this.sequenceIndex <= 1 &&
      // Still at the start: `<!-->` and `<!--->` are empty comments.
      this.index === this.sectionStart + this.sequenceIndex &&
      c === Char.GT
    ) {
      this.emitComment(this.sequenceIndex);
    } else if (sequence === COMMENT_END && this.sequenceIndex === 2 && c === Char.GT) {
      this.emitComment(2);
    } else if (sequence === COMMENT_END && this.sequenceIndex === sequence.length - 1 && c !== Char.GT) {
      this.sequenceIndex = Number(c === Char.DASH);
    } else if (c === sequence[this.sequenceIndex]) {
      if (++this.sequenceIndex === sequence.length) {
        if (sequence === CDATA_END) this.cbs.oncdata(this.sectionStart, this.index, 2);
        else this.cbs.oncomment(this.sectionStart, this.index, 3);
        this.sequenceIndex = 0;
        this.toText();
      }
    } else if (this.sequenceIndex === 0) {
      if (this.fastForwardTo(sequence[0]!)) this.sequenceIndex = 1;
    } else if (c !== sequence[this.sequenceIndex - 1]) {
      this.sequenceIndex = 0;
    }
  }

  protected stateBeforeDeclaration(c: Char): void {
    if (c === Char.OPEN_BRACKET) {
      this.state = State.CDATA_SEQUENCE;
      this.sequenceIndex = 0;
    } else if (this.xmlMode) {
      this.state = c === Char.DASH ? State.BEFORE_COMMENT : State.IN_DECLARATION;
    } else if ((c | 0x20) === DOCTYPE[0]) {
      this.state = State.DECLARATION_SEQUENCE;
      this.currentSequence = DOCTYPE;
      this.sequenceIndex = 1;
    } else if (c === Char.GT) {
      this.cbs.oncomment(this.sectionStart, this.index, 0);
      this.toText();
    } else if (c === Char.DASH) {
      this.state = State.BEFORE_COMMENT;
    } else {
      this.state = State.IN_SPECIAL_COMMENT;
    }
  }

  protected stateDeclarationSequence(c: Char): void {
    if (this.sequenceIndex === this.currentSequence.length) {
      this.state = State.IN_DECLARATION;
      this.stateInDeclaration(c);
    } else if ((c | 0x20) === this.currentSequence[this.sequenceIndex]) {
      this.sequenceIndex++;
    } else if (c === Char.GT) {
      this.cbs.oncomment(this.sectionStart, this.index, 0);
      this.toText();
    } else {
      this.state = State.IN_SPECIAL_COMMENT;
    }
  }

  protected stateInDeclaration(c: Char): void {
    if (c === Char.GT || this.fastForwardTo(Char.GT)) {
      this.cbs.ondeclaration(this.sectionStart, this.index);
      this.toText();
    }
  }

  protected stateInProcessingInstruction(c: Char): void {
    if (c === Char.QUESTION) {
      this.sequenceIndex = 1;
    } else if (c === Char.GT && this.sequenceIndex === 1) {
      this.cbs.onprocessinginstruction(this.sectionStart, this.index - 1);
      this.sequenceIndex = 0;
      this.toText();
    } else {
      this.sequenceIndex = Number(this.fastForwardTo(Char.QUESTION));
    }
  }

  protected stateBeforeComment(c: Char): void {
    if (c === Char.DASH) {
      this.state = State.IN_COMMENT_LIKE;
      this.currentSequence = COMMENT_END;
      this.sequenceIndex = 0;
      this.sectionStart = this.index + 1;
    } else if (this.xmlMode) {
      this.state = State.IN_DECLARATION;
    } else if (c === Char.GT) {
      this.cbs.oncomment(this.sectionStart, this.index, 0);
      this.toText();
    } else {
      this.state = State.IN_SPECIAL_COMMENT;
    }
  }

  protected stateInSpecialComment(c: Char): void {
    if (c === Char.GT || this.fastForwardTo(Char.GT)) {
      this.cbs.oncomment(this.sectionStart, this.index, 0);
      this.toText();
    }
  }

  protected enterTagBody(): void {
    if (this.currentSequence === PLAINTEXT_END) {
      this.currentSequence = EMPTY;
      this.state = State.IN_PLAIN_TEXT;
    } else if (this.isSpecial) {
      this.state = State.IN_SPECIAL_TAG;
      this.sequenceIndex = 0;
    } else {
      this.state = State.TEXT;
    }
  }
  /** Reading a start tag's name that may open a raw-text element (script, style, title, …). */
  protected stateSpecialStartSequence(c: Char): void {
    const lower = c | 0x20;
    const sequence = this.currentSequence;
    if (this.sequenceIndex < sequence.length) {
      if (lower === sequence[this.sequenceIndex]) {
        this.sequenceIndex++;
        return;
      }
      // Names sharing their first letters: script/style, title/textarea, noembed/noframes.
      if (this.sequenceIndex === 3) {
        if (sequence === SCRIPT_END && lower === STYLE_END[3]) return this.switchSequence(STYLE_END);
        if (sequence === TITLE_END && lower === TEXTAREA_END[3]) return this.switchSequence(TEXTAREA_END);
      } else if (this.sequenceIndex === 4 && sequence === NOEMBED_END && lower === NOFRAMES_END[4]) {
        return this.switchSequence(NOFRAMES_END);
      }
    } else if (isEndOfTagSection(c)) {
      if (UNSHOWN_RAW_TEXT.has(sequence[2]!) && this.cbs.readsUnshownRawTextAsMarkup()) {
        this.isSpecial = false;
        this.currentSequence = EMPTY;
      }
      this.sequenceIndex = 0;
      this.state = State.IN_TAG_NAME;
      this.stateInTagName(c);
      return;
    }
    this.isSpecial = false;
    this.currentSequence = EMPTY;
    this.sequenceIndex = 0;
    this.state = State.IN_TAG_NAME;
    this.stateInTagName(c);
  }
  protected switchSequence(sequence: Uint8Array): void {
    this.currentSequence = sequence;
    this.sequenceIndex++;
  }
  /** Inside a raw-text element, looking for its end tag. */
  protected stateInSpecialTag(c: Char): void {
    const sequence = this.currentSequence;
    if (this.sequenceIndex === sequence.length) {
      if (isEndOfTagSection(c)) {
        const endOfText = this.index - sequence.length;
        if (this.sectionStart < endOfText) this.cbs.ontext(this.sectionStart, endOfText);
        this.isSpecial = false;
        this.sectionStart = endOfText + 2; // after the `</`
        this.stateInClosingTagName(c);
        return;
      }
      this.sequenceIndex = 0;
    }
    if ((c | 0x20) === sequence[this.sequenceIndex]) {
      this.sequenceIndex++;
    } else if (this.sequenceIndex === 0) {
      if (sequence === TITLE_END || sequence === TEXTAREA_END) {
        // Title and textarea are RCDATA: their entities are decoded.
        if (c === Char.AMP) this.startEntity();
      } else if (this.fastForwardTo(Char.LT)) {
        this.sequenceIndex = 1;
      }
    } else {
      this.sequenceIndex = Number(c === Char.LT);
    }
  }
}
