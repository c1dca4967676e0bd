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
  private readonly texts = new Map<string, { text: AnswerText; forget: () => void }>();
  /** Stand-ins start with this; no text a caller sends can hold it by chance (a new UUID). */
  private readonly prefix = `urlkit-text-${randomUUID()}-`;
  private next = 0;

  /**
   * A stand-in for `text`, to use as the string value it will be. When `dropped` aborts (the
   * answer that holds it will not be sent: an MCP call cancelled), the text is let go: over stdio
   * one DeferredTexts lasts the whole session.
   */
  defer(text: AnswerText, dropped?: AbortSignal): string {
    const standIn = `${this.prefix}${this.next++}`;
    const drop = () => this.texts.delete(standIn);
    dropped?.addEventListener('abort', drop, { once: true });
    this.texts.set(standIn, { text, forget: () => dropped?.removeEventListener('abort', drop) });
    if (dropped?.aborted) drop();
    return standIn;
  }

  /** The text `value` stands for, once: it is given to the one answer that holds it. */
  take(value: string): AnswerText | undefined {
    if (!value.startsWith(this.prefix)) return undefined;
    const entry = this.texts.get(value);
    this.texts.delete(value);
    entry?.forget();
    return entry?.text;
  }
}
