// The MCP stdio transport, writing each message as the JSON API writes a large answer. The SDK's
// writes a message whole: one JSON.stringify of it, and for a tools/call result the text content
// joined beside the results. For a 100-item metadata batch with its text that is a 45 MB line,
// made in one block of the main thread (about 560 ms on a 2-CPU machine, every other call of the
// session waiting), with a second copy of every page's text held until it had gone. Here a
// message is encoded in parts (answers/answer-text.ts: an item at a time, each page's text a part
// of its own, the text content's parts put in place of its stand-in: answers/deferred-text.ts)
// and written a slice at a time, in the turns large answers share, by the same body a large JSON
// answer is sent with (answers/answer-body.ts), as stdout drains. Messages go out whole and in
// order, one after another. Reading stdin is the SDK's.
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { AnswerBody } from '../answers/answer-body.js';
import { jsonParts } from '../answers/answer-text.js';
import type { DeferredTexts } from '../answers/deferred-text.js';
import { resultsOf } from './tool-call-transport.js';

export class PartsStdioTransport extends StdioServerTransport {
  /** The messages being written, one after another. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    stdin: Readable,
    private readonly out: Writable,
    options: { maxBufferSize?: number },
    /** The texts results stand in for (their text content, deferred by the server). */
    private readonly deferred: DeferredTexts,
  ) {
    super(stdin, out, options);
  }

  override send(message: JSONRPCMessage): Promise<void> {
    const next = this.queue.then(() => this.write(message));
    this.queue = next.catch(() => {});
    return next;
  }

  /** Resolves once every message sent so far has been written and handed to the system. */
  async flushed(): Promise<void> {
    await this.queue;
    // Where stdout is asynchronous (a pipe on some systems), a write's callback says it has gone.
    await new Promise<void>((done) => this.out.write('', () => done()));
  }

  private async write(message: JSONRPCMessage): Promise<void> {
    const results = 'result' in message ? resultsOf(message.result) : undefined;
    const text = await jsonParts(message, { items: results, deferred: this.deferred, count: false });
    // Sent as a large JSON answer is: a slice at a time, in the shared turns, as stdout takes them.
    const line = new AnswerBody({ parts: [...text.parts, '\n'], bytes: text.bytes + 1 });
    await pipeline(line, this.out, { end: false });
  }
}
