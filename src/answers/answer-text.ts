// An answer's JSON (the JSON API's, an MCP tools/call's event), encoded an item at a time with
// turns of the event loop between, instead of in one JSON.stringify: a 100-item metadata batch
// with its text (20 MB of JSON) took 208 ms of the main thread in one block, and every other
// caller's call waited behind it (bench:hostile row "held": honest calls sent in that moment
// answered 200-450 ms late, against 30 quiet). Item by item, the same text costs about 1 ms an
// item, and other calls run between. Its length in UTF-8 (the Content-Length) is counted in the
// same turns: counted over the whole answer at once it held the main thread 60-90 ms in one block
// (a CPU profile of row "held").
//
// A long string value (a page's text) is not copied into the answer: it stays a part of its own,
// escaped a slice at a time as the answer is sent. Escaped whole, each page's text was a second
// copy of it, made at once for the whole answer, in V8's large-object space, where every such
// string brings the next full collection closer (row "held": a 25-65 ms full collection every
// 0.7 s on the main thread).
//
// A string value may also stand for a text still in parts (deferred-text.ts: an MCP result's text
// content, which is the results' JSON again, or the cleaned documents): its parts go into the
// answer as parts of their own, escaped as they are sent, so the text is never joined into one
// string beside the results it is made of.
import { randomUUID } from 'node:crypto';
import { resultEnvelope } from '../tools/envelope.js';
import type { ToolItem } from '../tools/types.js';
import { answerWork } from './answer-turns.js';
import { escapedLength } from './escaped-length.js';
import { sliceEnd } from '../util/surrogates.js';
import type { DeferredTexts } from './deferred-text.js';

/** Characters per slice of a part: a large answer is sent a slice at a time (answer-body.ts). */
export const SLICE_CHARS = 16 * 1024;
/** String values longer than this (characters) stay parts of their own, escaped as they are sent. */
const LONG_STRING_CHARS = SLICE_CHARS;

/**
 * A part of an answer's text: JSON text as it is, or a string value's characters, to be escaped
 * (`twice`: escaped, then escaped again, as a string value's own escaped characters are in a string
 * value that holds that JSON: a page's text in an MCP result's text content).
 */
export type AnswerPart = string | { readonly value: string; readonly twice?: true };

/** An answer's text in parts, in order, and its length in UTF-8 bytes (or at least, jsonParts says when). */
export interface AnswerText {
  readonly parts: readonly AnswerPart[];
  readonly bytes: number;
}

/** The characters of `part` (a string value's, unescaped). */
export function charsOf(part: AnswerPart): string {
  return typeof part === 'string' ? part : part.value;
}

/**
 * The JSON text of `part`'s characters from `at`, at most SLICE_CHARS of them, and where it
 * ended. A slice never ends between the two halves of a surrogate pair: they would encode (or
 * escape) as two lone halves.
 */
export function sliceOf(part: AnswerPart, at: number): { text: string; end: number } {
  const chars = charsOf(part);
  const end = sliceEnd(chars, at, SLICE_CHARS);
  const slice = chars.slice(at, end);
  return { text: typeof part === 'string' ? slice : escapedPart(part, slice), end };
}

/** `chars` (of `part`, a string value's) as they read in the answer. */
function escapedPart(part: Exclude<AnswerPart, string>, chars: string): string {
  return part.twice ? escaped(escaped(chars)) : escaped(chars);
}

/** `value` as it reads between the quotes of a JSON string. */
function escaped(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** The whole text (for an answer small enough to send in one write). */
export function joinAnswer(text: AnswerText): string {
  return text.parts.map(jsonOf).join('');
}

/** A part as JSON text: a string value's characters escaped. */
function jsonOf(part: AnswerPart): string {
  return typeof part === 'string' ? part : escapedPart(part, part.value);
}

/** `JSON.stringify(resultEnvelope(correlationId, results))`, in parts. */
export function answerText(correlationId: string, results: ToolItem[]): Promise<AnswerText> {
  return jsonParts(resultEnvelope(correlationId, results), { items: results });
}

export interface JsonPartsOptions {
  /** An array in the value (found by identity), encoded an item at a time. */
  items?: readonly unknown[] | undefined;
  /**
   * false: no exact length is wanted, and `bytes` is a lower bound: a long string's characters,
   * not its escaped UTF-8 bytes, which would cost escaping it twice. Default true.
   */
  count?: boolean;
  /** String values that stand for a text in parts: its parts go in their place. */
  deferred?: DeferredTexts | undefined;
}

/**
 * `JSON.stringify(value)`, in parts: the array `items` (found in `value` by identity) is encoded
 * an item at a time, with turns of the event loop between, each string value longer than a
 * slice stays a part of its own, and a string value that stands for a deferred text is that
 * text's parts, escaped.
 */
export async function jsonParts(value: unknown, options: JsonPartsOptions = {}): Promise<AnswerText> {
  const { items, count = true, deferred } = options;
  const parts: AnswerPart[] = [];
  let bytes = 0;
  const turn = answerWork();
  const add = (part: AnswerPart) => {
    parts.push(part);
    if (typeof part === 'string') bytes += Buffer.byteLength(part, 'utf8');
  };
  // Stands, quoted, for a long string or for `items` in the JSON; no value can hold it by chance
  // (a new UUID).
  const marker = `urlkit-part-${randomUUID()}`;
  /** `v`'s JSON, with `split` (the array found by identity) encoded an item at a time. */
  const encode = async (v: unknown, split: readonly unknown[] | undefined): Promise<void> => {
    // What each marker stands for, in the order of the JSON: a long string, a deferred text, or `split`.
    const found: Array<string | AnswerText | readonly unknown[]> = [];
    const json =
      JSON.stringify(v, (_key, x: unknown) => {
        if (split !== undefined && x === split) {
          found.push(split);
          return marker;
        }
        if (typeof x !== 'string') return x;
        const text = deferred?.take(x);
        if (text) found.push(text);
        else if (x.length > LONG_STRING_CHARS) found.push(x);
        else return x;
        return marker;
      }) ?? 'null';
    let from = 0;
    for (const what of found) {
      const at = json.indexOf(marker, from);
      if (!Array.isArray(what)) {
        // The quotes stay in the text around it; the value goes between them.
        add(json.slice(from, at));
        // A deferred text's JSON parts are its characters; its string values' are escaped twice.
        const values = typeof what === 'string' ? [{ value: what }] : (what as AnswerText).parts.map(inStringValue);
        for (const part of values) {
          add(part);
          bytes += count ? await escapedBytes(part, turn) : part.value.length;
        }
        from = at + marker.length;
        continue;
      }
      // The array goes where its quoted marker was.
      add(`${json.slice(from, at - 1)}[`);
      for (let i = 0; i < what.length; i++) {
        await turn();
        if (i > 0) add(',');
        await encode(what[i], undefined);
      }
      add(']');
      from = at + marker.length + 1;
    }
    add(json.slice(from));
  };
  await encode(value, items);
  return { parts, bytes };
}

/** The whole text as one string, long values escaped a part at a time with turns between. */
export async function joinInTurns(text: AnswerText): Promise<string> {
  const turn = answerWork();
  const out: string[] = [];
  for (const part of text.parts) {
    await turn();
    out.push(jsonOf(part));
  }
  return out.join('');
}

/** A deferred text's part as a part of the string value it stands in. */
function inStringValue(part: AnswerPart): Exclude<AnswerPart, string> {
  return typeof part === 'string' ? { value: part } : { value: part.value, twice: true };
}

/**
 * The UTF-8 bytes of `part`'s characters escaped as sliceOf escapes them, counted a slice at a
 * time (the slices sliceOf cuts) without escaping them: each is escaped when it is sent.
 */
async function escapedBytes(part: Exclude<AnswerPart, string>, turn: () => Promise<void>): Promise<number> {
  const chars = part.value;
  let bytes = 0;
  for (let at = 0; at < chars.length;) {
    await turn();
    const end = sliceEnd(chars, at, SLICE_CHARS);
    bytes += escapedLength(chars, at, end, part.twice === true);
    at = end;
  }
  return bytes;
}
