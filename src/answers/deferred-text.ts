// Texts an answer holds in parts until it is sent. An MCP tools/call result carries its results
// twice: as structuredContent, and as the text content a model reads (their JSON, or the cleaned
// documents). Joined into one string, that text was a second copy of every page's text held beside
// the results until the answer had gone (a 100-item metadata batch with its text: 20 MB, or 40 when
// one character is outside Latin-1), and no budget counted it. Deferred, the result's text is a
// short stand-in string while the result passes through the MCP server, and the answer's encoder
// (answer-text.ts, jsonParts) puts the text's parts in its place, escaped as they are sent.
import { randomUUID } from 'node:crypto';
import type { AnswerText } from './answer-text.js';

export class DeferredTexts {
  private readonly texts = new Map<string, AnswerText>();
  /** Stand-ins start with this; no text a caller sends can hold it by chance (a new UUID). */
  private readonly prefix = `urlkit-text-${randomUUID()}-`;
  private next = 0;

  /** A stand-in for `text`, to use as the string value it will be. */
  defer(text: AnswerText): string {
    const standIn = `${this.prefix}${this.next++}`;
    this.texts.set(standIn, text);
    return standIn;
  }

  /** The text `value` stands for, once: it is given to the one answer that holds it. */
  take(value: string): AnswerText | undefined {
    if (!value.startsWith(this.prefix)) return undefined;
    const text = this.texts.get(value);
    this.texts.delete(value);
    return text;
  }
}
