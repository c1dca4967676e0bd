// What urlkit's tokenizer (tokenizer.ts) reports, by positions in the page.
/** How an attribute's value was written (htmlparser2's QuoteType, same numbers). */
export const enum QuoteType {
  NoValue = 0,
  Unquoted = 1,
  Single = 2,
  Double = 3,
}

/** What the tokenizer reports, by positions in the page (`end` exclusive unless noted). The
 *  names and arguments are htmlparser2's Tokenizer callbacks, so either can feed one reader. */
export interface TokenizerEvents {
  ontext(start: number, end: number): void;
  ontextentity(codePoint: number, end: number): void;
  onopentagname(start: number, end: number): void;
  onattribname(start: number, end: number): void;
  onattribdata(start: number, end: number): void;
  onattribentity(codePoint: number): void;
  /** `end`: the position after the value's closing quote, or of the character ending it. */
  onattribend(quote: QuoteType, end: number): void;
  /** `end`: the position of the tag's `>`. */
  onopentagend(end: number): void;
  onselfclosingtag(end: number): void;
  onclosetag(start: number, end: number): void;
  /** The text is `[start, end - endOffset)`; `end` is the position of the closing `>`. */
  oncomment(start: number, end: number, endOffset: number): void;
  oncdata(start: number, end: number, endOffset: number): void;
  ondeclaration(start: number, end: number): void;
  onprocessinginstruction(start: number, end: number): void;
  onend(): void;
  /** Inside SVG or MathML, where raw-text elements do not exist and CDATA sections do. */
  isInForeignContext(): boolean;
  /** Whether an iframe, noembed, noframes, xmp or plaintext opened here is an element like any
   *  other (inside `<noscript>`) rather than raw text. */
  readsUnshownRawTextAsMarkup(): boolean;
}
