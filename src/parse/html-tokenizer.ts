// htmlparser2's tokenizer, with `<![CDATA[` read the way browsers read it in HTML content.
// htmlparser2 scans a CDATA section up to `]]>` whatever the context, and an unclosed one runs
// to the end of the document: one stray `<![CDATA[` in a page's body (a template that escaped
// its script) swallowed every post of a forum thread. The HTML standard makes it a bogus comment
// that ends at the next `>` outside SVG and MathML, where CDATA sections are real.
import { Tokenizer } from 'htmlparser2';

/** The tokenizer's private state this override reads and sets (private in its types). */
interface TokenizerInternals {
  state: number;
  sequenceIndex: number;
  xmlMode: boolean;
  cbs: { isInForeignContext?: () => boolean };
  stateCDATASequence(c: number): void;
}

/** htmlparser2's State.InSpecialComment: a bogus comment, ended by the next `>`. */
const IN_SPECIAL_COMMENT = 21;
/** Characters of "CDATA[" read before the last one. */
const CDATA_LAST = 5;
const OPEN_BRACKET = 0x5b;

const TokenizerWithInternals = Tokenizer as unknown as new (...args: ConstructorParameters<typeof Tokenizer>) => TokenizerInternals;

class HtmlCdataTokenizer extends TokenizerWithInternals {
  override stateCDATASequence(c: number): void {
    if (c === OPEN_BRACKET && this.sequenceIndex === CDATA_LAST && !this.xmlMode && this.cbs.isInForeignContext?.() !== true) {
      this.sequenceIndex = 0;
      this.state = IN_SPECIAL_COMMENT;
      return;
    }
    super.stateCDATASequence(c);
  }
}

export const HtmlTokenizer = HtmlCdataTokenizer as unknown as typeof Tokenizer;
