// A tool's JSON answer, encoded an item at a time with turns of the event loop between, instead
// of in one JSON.stringify: a 100-item metadata batch with its text (20 MB of JSON) took 208 ms
// of the main thread in one block, and every other caller's call waited behind it (bench:hostile
// row "held": honest calls sent in that moment answered 200-450 ms late, against 30 quiet).
// Item by item, the same text costs about 1 ms an item, and other calls run between. Its length
// in UTF-8 (the Content-Length) is counted in the same turns: counted over the whole answer at
// once it held the main thread 60-90 ms in one block (a CPU profile of row "held").
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ToolItem } from '../tools/types.js';

/** Main-thread time encoding may take before it lets other work run (ms). */
const TURN_MS = 4;

/** An answer's text in parts (joined, the whole text) and its length in UTF-8 bytes. */
export interface AnswerText {
  readonly parts: readonly string[];
  readonly bytes: number;
}

/**
 * `JSON.stringify(resultEnvelope(correlationId, results))` in parts, in order: each item's JSON
 * is a part of its own, and so is each comma between them (an item's JSON glued to its comma
 * would be a string V8 copies whole again when the answer is sliced).
 */
export async function answerText(correlationId: string, results: readonly ToolItem[]): Promise<AnswerText> {
  const parts = [`{"correlation_id":${JSON.stringify(correlationId)},"data":{"results":[`];
  let bytes = Buffer.byteLength(parts[0]!, 'utf8');
  let turnStart = performance.now();
  for (let i = 0; i < results.length; i++) {
    if (performance.now() - turnStart > TURN_MS) {
      await nextTurn();
      turnStart = performance.now();
    }
    if (i > 0) {
      parts.push(',');
      bytes += 1;
    }
    const item = JSON.stringify(results[i]);
    parts.push(item);
    bytes += Buffer.byteLength(item, 'utf8');
  }
  parts.push(']}}');
  return { parts, bytes: bytes + 3 };
}
