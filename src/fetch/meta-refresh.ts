// A page that sends its reader elsewhere at once: <meta http-equiv="refresh" content="0; url=...">.
// A browser goes there as it would for a 3xx, so the tools that read a page follow it too
// (fetch-page.ts, `followMetaRefresh`); the status checker reports HTTP and does not. What is
// followed is what a browser running scripts would act on: the first refresh declaration, not
// inside <noscript> (a page's "enable JavaScript" exit), <template> or a comment (an old IE's
// conditional one), with a target and a delay of at most META_REFRESH_MAX_DELAY_S (a news
// page's "reload every 300 s" is not a way elsewhere, nor a "you will be taken on in 10 s"
// page, which has its own text). It runs on the main thread: one htmlparser2 tokenizer pass
// over at most META_REFRESH_SCAN_BYTES, and only over a page whose first bytes hold "refresh"
// at all (in any case), so a page without one costs next to nothing.
import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { decodeText } from './decode.js';
import { bodyHead } from './fetched-body.js';
import type { FetchResult } from './types.js';

/**
 * How far into a page a refresh declaration is looked for: a redirect page is short, and a page
 * that declares one does so in its head. As far as the anti-bot scan reads (BOT_SCAN_BYTES): a
 * page of 32 KiB of tags costs the main thread under half a millisecond.
 */
export const META_REFRESH_SCAN_BYTES = 32 * 1024;
/** The longest delay still followed, in seconds (a browser waits it out; a reader would not). */
export const META_REFRESH_MAX_DELAY_S = 1;

/** Attribute values longer than this are not a refresh's (a URL is at most 8,192 characters). */
const MAX_VALUE_CHARS = 16 * 1024;
const READ_ATTRIBUTES = new Set(['http-equiv', 'content', 'href']);
/** Elements whose content a browser running scripts does not act on. */
const INERT = new Set(['noscript', 'template']);
const TAG_LENGTHS = new Set(['meta', 'base', ...INERT].map((name) => name.length));
const ATTRIBUTE_LENGTHS = new Set([...READ_ATTRIBUTES].map((name) => name.length));

class RefreshCollector implements TokenizerCallbacks {
  /** Document base (the first <base href> before the declaration), as written. */
  base: string | null = null;
  /** The first refresh declaration's content, as written. */
  refresh: string | null = null;
  private tag = '';
  private attrs = new Map<string, string>();
  private attribute: string | null = null;
  private value = '';
  private inert = 0;

  constructor(
    private readonly src: string,
    private readonly stop: () => void,
  ) {}

  /** The name if it has the length of one read here (a page of other tags costs less), else ''. */
  private name(start: number, end: number, lengths: ReadonlySet<number>): string {
    return lengths.has(end - start) ? this.src.slice(start, end).toLowerCase() : '';
  }

  private opened(): void {
    if (INERT.has(this.tag)) this.inert++;
    else if (this.inert > 0) return;
    else if (this.tag === 'base' && this.base === null && this.attrs.has('href')) this.base = this.attrs.get('href')!;
    else if (this.tag === 'meta' && this.attrs.get('http-equiv')?.trim().toLowerCase() === 'refresh') {
      const content = this.attrs.get('content');
      if (content === undefined) return;
      this.refresh = content;
      this.stop();
    }
  }

  onopentagname(start: number, end: number): void {
    this.tag = this.name(start, end, TAG_LENGTHS);
    if (this.attrs.size > 0) this.attrs.clear();
  }
  onattribname(start: number, end: number): void {
    const name = this.tag === '' ? '' : this.name(start, end, ATTRIBUTE_LENGTHS);
    this.attribute = READ_ATTRIBUTES.has(name) && !this.attrs.has(name) ? name : null;
    this.value = '';
  }
  onattribdata(start: number, end: number): void {
    if (this.attribute !== null && this.value.length < MAX_VALUE_CHARS) this.value += this.src.slice(start, end);
  }
  onattribentity(codepoint: number): void {
    if (this.attribute !== null && this.value.length < MAX_VALUE_CHARS) this.value += String.fromCodePoint(codepoint);
  }
  onattribend(quote: QuoteType): void {
    if (this.attribute !== null) this.attrs.set(this.attribute, quote === QuoteType.NoValue ? '' : this.value);
    this.attribute = null;
  }
  onopentagend(): void {
    this.opened();
  }
  onselfclosingtag(): void {
    this.opened();
  }
  onclosetag(start: number, end: number): void {
    if (this.inert > 0 && INERT.has(this.name(start, end, TAG_LENGTHS))) this.inert--;
  }
  ontext(): void {}
  ontextentity(): void {}
  oncomment(): void {}
  oncdata(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}
}

export interface MetaRefresh {
  /** Seconds before the browser would go. */
  delayS: number;
  /** The target as written (null: the page refreshes itself). */
  url: string | null;
  /** The document's base URL as written by a <base> before the declaration, if any. */
  base: string | null;
}

/**
 * Where a fetched page sends its reader now, if anywhere: the refresh target as written and the
 * URL it is relative to. Only a 2xx page's (a 404 page that goes to the home page is still a
 * 404), only an http(s) target, and never the page itself (a reload).
 */
export function metaRefreshTarget(result: FetchResult, current: URL): { location: string; base: URL } | null {
  const body = result.body;
  if (result.status < 200 || result.status > 299 || !body || body.charset === null) return null;
  if (body.kind !== 'html' && body.kind !== 'xhtml') return null;
  const found = findMetaRefresh(bodyHead(body, META_REFRESH_SCAN_BYTES), body.charset);
  if (!found || found.url === null || found.delayS > META_REFRESH_MAX_DELAY_S) return null;
  // A <base> that is not a URL leaves the page's own as the base, as in a browser.
  const base = (found.base !== null && URL.parse(found.base, current)) || current;
  const target = URL.parse(found.url, base);
  if (!target || (target.protocol !== 'http:' && target.protocol !== 'https:')) return null;
  return withoutFragment(target) === withoutFragment(current) ? null : { location: found.url, base };
}

function withoutFragment(u: URL): string {
  const copy = new URL(u.href);
  copy.hash = '';
  return copy.href;
}

/** The page's first refresh declaration a browser running scripts would act on; null when none. */
export function findMetaRefresh(head: Uint8Array, charset: string): MetaRefresh | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, META_REFRESH_SCAN_BYTES));
  if (!/refresh/i.test(bytes.toString('latin1'))) return null;
  const html = decodeText(bytes, charset);
  let tokenizer: Tokenizer | null = null;
  const collector = new RefreshCollector(html, () => tokenizer?.pause());
  tokenizer = new Tokenizer({ decodeEntities: true }, collector);
  tokenizer.write(html);
  tokenizer.end();
  if (collector.refresh === null) return null;
  const parsed = parseRefresh(collector.refresh);
  return parsed && { ...parsed, base: collector.base };
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/**
 * A refresh declaration's content -> its delay and URL, by WHATWG's "shared declarative refresh
 * steps" (HTML 7.11.1): digits, then `;` or `,`, then the URL, optionally after `url=` and in
 * quotes. null when the content is not a refresh a browser would act on.
 */
export function parseRefresh(input: string): { delayS: number; url: string | null } | null {
  let i = 0;
  const skipSpace = () => {
    while (isSpace(input[i])) i++;
  };
  skipSpace();
  const digitsFrom = i;
  while (isDigit(input[i])) i++;
  if (i === digitsFrom && input[i] !== '.') return null;
  const delayS = i === digitsFrom ? 0 : Number(input.slice(digitsFrom, i));
  while (isDigit(input[i]) || input[i] === '.') i++;
  if (i >= input.length) return { delayS, url: null };
  if (input[i] !== ';' && input[i] !== ',' && !isSpace(input[i])) return null;
  skipSpace();
  if (input[i] === ';' || input[i] === ',') i++;
  skipSpace();
  if (i >= input.length) return { delayS, url: null };
  let from = i;
  if (input[i] === 'u' || input[i] === 'U') {
    i++;
    if ((input[i] === 'r' || input[i] === 'R') && (input[i + 1] === 'l' || input[i + 1] === 'L')) {
      i += 2;
      skipSpace();
      if (input[i] === '=') {
        i++;
        skipSpace();
        from = i;
      }
    }
  }
  let url = input.slice(from);
  if (from === i && (input[i] === '"' || input[i] === "'")) {
    const quote = input[i]!;
    url = input.slice(i + 1);
    const end = url.indexOf(quote);
    if (end !== -1) url = url.slice(0, end);
  }
  return { delayS, url: url.trim() === '' ? null : url };
}
