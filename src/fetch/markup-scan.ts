// The anti-bot detector's look at a small page: its title, readable text, inline scripts and the
// attribute values challenge markup is recognised by. It runs on the main thread for every page
// that is not surely content, so it is one pass of the HTML tokenizer over at most the bytes it
// is given (bot-protection.ts gives it BOT_SCAN_BYTES): linear in the input whatever the markup,
// with no regular expression over the page and no tree. htmlparser2's own tokenizer (a state
// machine, one step a character), not parse/'s: fetch/ sits below the parsing stages. The pass
// stops as soon as the readable text is past the caller's limit: such a page is content, and
// what follows cannot change that.
import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

export interface ScannedDocument {
  /** Lower-cased text of the first <title> (entities decoded, whitespace collapsed), '' when none. */
  title: string;
  /** Readable text: markup, scripts, styles, comments and the title removed, whitespace collapsed. */
  text: string;
  textChars: number;
  /** Lower-cased values of every tag's src/href/action/id/class/name/data-sitekey/content, one a line. */
  attrs: string;
  /** Lower-cased inline script bodies, one a line. */
  scripts: string;
}

/** The attributes challenge markup is recognised by. */
const READ_ATTRIBUTES = new Set(['src', 'href', 'action', 'id', 'class', 'name', 'data-sitekey', 'content']);
/** Elements whose content is not readable text (the tokenizer reads it as raw text or RCDATA). */
type Hidden = 'script' | 'style' | 'title';
const HIDDEN = new Set<string>(['script', 'style', 'title']);

class MarkupCollector implements TokenizerCallbacks {
  private readonly text: string[] = [];
  private readonly title: string[] = [];
  private titleSeen = false;
  private readonly scripts: string[] = [];
  private readonly attrs: string[] = [];
  private tag = '';
  /** The element whose content the tokenizer is reading as raw text, if any. */
  private inside: Hidden | null = null;
  private inTitle = false;
  /** '' while reading an attribute whose value is kept, else null. */
  private attribute: '' | null = null;
  private value = '';

  /** Characters pushed to `text` (before collapsing), and when to measure the collapsed text next. */
  private pushed = 0;
  private nextCheck: number;

  constructor(
    private readonly src: string,
    private readonly textLimit: number,
    private readonly stop: () => void,
  ) {
    this.nextCheck = textLimit;
  }

  result(): ScannedDocument {
    const text = collapse(this.text.join(''));
    return {
      title: collapse(this.title.join('')).toLowerCase(),
      text,
      textChars: text.length,
      attrs: this.attrs.join('\n'),
      scripts: this.scripts.join('\n'),
    };
  }

  /** Markup ended a run of text: a space goes between it and the next (added once, lazily). */
  private gap = false;

  private content(s: string): void {
    if (this.inside === 'script') this.scripts[this.scripts.length - 1] += s.toLowerCase();
    else if (this.inside === 'title' && this.inTitle) this.title.push(s);
    else if (this.inside !== 'style') {
      if (this.gap) this.text.push(' ');
      this.gap = false;
      this.text.push(s);
      this.pushed += s.length + 1;
      if (this.pushed > this.nextCheck) this.checkTextLimit();
    }
  }

  /**
   * Stops the pass once the collapsed text is over the limit. Collapsing never lengthens the text,
   * so nothing is measured before `pushed` passes the limit, and measuring again only once
   * `pushed` has doubled keeps the measuring linear in the input.
   */
  private checkTextLimit(): void {
    if (collapse(this.text.join('')).length > this.textLimit) this.stop();
    else this.nextCheck = 2 * this.pushed;
  }

  /** A start tag is complete: the tokenizer now reads a script, style or title as raw text. */
  private opened(): void {
    if (!HIDDEN.has(this.tag)) return;
    this.inside = this.tag as Hidden;
    if (this.inside === 'script') this.scripts.push('');
    // Only the first title is the title; a later one's text is text.
    if (this.inside === 'title') {
      this.inTitle = !this.titleSeen;
      this.titleSeen = true;
      if (!this.inTitle) this.inside = null;
    }
  }

  ontext(start: number, end: number): void {
    this.content(this.src.slice(start, end));
  }
  ontextentity(codepoint: number): void {
    this.content(String.fromCodePoint(codepoint));
  }
  onopentagname(start: number, end: number): void {
    // Only a name of a hidden element's length is worth slicing out (pages of tags cost less).
    this.tag = end - start === 5 || end - start === 6 ? this.src.slice(start, end).toLowerCase() : '';
    this.gap = true;
  }
  onattribname(start: number, end: number): void {
    const length = end - start;
    this.attribute =
      length >= 2 && length <= 12 && READ_ATTRIBUTES.has(this.src.slice(start, end).toLowerCase()) ? '' : null;
    this.value = '';
  }
  onattribdata(start: number, end: number): void {
    if (this.attribute !== null) this.value += this.src.slice(start, end);
  }
  onattribentity(codepoint: number): void {
    if (this.attribute !== null) this.value += String.fromCodePoint(codepoint);
  }
  onattribend(quote: QuoteType): void {
    if (this.attribute !== null && quote !== QuoteType.NoValue) this.attrs.push(this.value.toLowerCase());
    this.attribute = null;
  }
  onopentagend(): void {
    this.opened();
  }
  onselfclosingtag(): void {
    // In HTML `<script/>` still opens a script: the tokenizer reads what follows as raw text.
    this.opened();
  }
  onclosetag(): void {
    this.inside = null;
    this.inTitle = false;
    this.gap = true;
  }
  oncomment(): void {
    this.gap = true;
  }
  oncdata(): void {
    this.gap = true;
  }
  ondeclaration(): void {
    this.gap = true;
  }
  onprocessinginstruction(): void {
    this.gap = true;
  }
  onend(): void {}
}

function collapse(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * Reads `html` in one tokenizer pass. With `textLimit`, the pass may stop once the readable text
 * is longer than that: then `textChars` is over the limit and the other fields are incomplete.
 */
export function scanMarkup(html: string, textLimit = Infinity): ScannedDocument {
  let tokenizer: Tokenizer | null = null;
  const collector = new MarkupCollector(html, textLimit, () => tokenizer?.pause());
  tokenizer = new Tokenizer({ decodeEntities: true }, collector);
  tokenizer.write(html);
  tokenizer.end();
  return collector.result();
}
