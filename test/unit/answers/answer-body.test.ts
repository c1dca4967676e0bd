import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AnswerBody } from '../../../src/answers/answer-body.js';
import { answerText, joinAnswer, joinInTurns, jsonParts, type AnswerPart } from '../../../src/answers/answer-text.js';
import { DeferredTexts } from '../../../src/answers/deferred-text.js';
import { resultEnvelope } from '../../../src/tools/envelope.js';
import type { ToolItem } from '../../../src/tools/types.js';

/** A page's text with everything JSON escapes, and surrogate pairs across every slice boundary. */
function hardText(chars: number): string {
  const pieces = ['plain words ', '"quoted" ', 'back\\slash ', 'line\n', 'tab\t', '\u0001\u001f', '😀', 'é', '\ud800x'];
  let text = '';
  for (let i = 0; text.length < chars; i++) text += pieces[i % pieces.length]!;
  return text;
}

async function sent(body: AnswerBody): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

it('hands its bytes out in slices, in order, counting what it has not yet handed out', async () => {
  // A surrogate pair across every possible slice boundary: each slice must encode whole characters.
  // In parts, as answers come (an empty one included), and a string value escaped as it is sent.
  const value = hardText(70_000);
  const head = ['é'.repeat(100_000), '😀'.repeat(40_000), '', ',"'];
  const parts: AnswerPart[] = [...head, { value }, '"', '😀'.repeat(9_000)];
  const bytes = Buffer.from(`${head.join('')}${JSON.stringify(value).slice(1, -1)}"${'😀'.repeat(9_000)}`);
  const pulls: number[] = [];
  const body = new AnswerBody({ parts, bytes: bytes.length }, (n) => pulls.push(n));
  assert.equal(body.length, bytes.length);
  assert.equal(body.unsent, bytes.length);
  assert.deepEqual(await sent(body), bytes);
  assert.equal(body.unsent, 0);
  assert.ok(pulls.length > 1 && Math.max(...pulls) <= 96 * 1024, `slices of ${pulls.join(', ')}`);
  assert.equal(
    pulls.reduce((a, b) => a + b, 0),
    bytes.length,
  );
});

it("encodes an answer's parts to the text of the whole answer, and counts its UTF-8 bytes", async () => {
  const item = (i: number): ToolItem => ({
    data: {
      url: `https://example.com/${i}`,
      // Short texts go into the item's JSON, long ones (a page's text) stay parts of their own.
      content: i % 4 === 3 ? hardText(20_000 + i * 500) : `"quoted" \\ text\n`.repeat(i * 50),
      title: i % 3 ? 'Zoë 😀' : null,
      tags: i % 5 === 1 ? [hardText(17_000), 'short', hardText(40_000)] : [],
    },
    meta: {
      status: 200,
      none: undefined,
      error: i === 2 ? { code: 'timeout', message: 'late', retryable: true } : undefined,
    },
  });
  for (const results of [[], [item(1)], Array.from({ length: 60 }, (_, i) => item(i))]) {
    const text = await answerText('req-"1"', results);
    const whole = JSON.stringify(resultEnvelope('req-"1"', results));
    assert.equal(joinAnswer(text), whole);
    assert.equal(text.bytes, Buffer.byteLength(whole, 'utf8'));
    assert.deepEqual(await sent(new AnswerBody(text)), Buffer.from(whole, 'utf8'));
    if (results.length > 1)
      assert.ok(
        text.parts.some((part) => typeof part !== 'string'),
        'long texts are parts',
      );
  }
});

it('encodes any value as JSON.stringify does, the array it is given an item at a time', async () => {
  const long = hardText(30_000);
  const items: unknown[] = [{ a: long }, undefined, null, [long, 1], 'x', long, { toJSON: () => 'as JSON' }];
  const values: Array<[unknown, readonly unknown[] | undefined]> = [
    [items, items],
    [
      { jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: long }], structuredContent: { items } } },
      items,
    ],
    [{ twice: items, again: [items] }, items],
    [{ none: undefined, items: [] }, []],
    [long, undefined],
    [{ items }, undefined],
  ];
  for (const [value, split] of values) {
    const whole = JSON.stringify(value);
    const text = await jsonParts(value, { items: split });
    assert.equal(joinAnswer(text), whole);
    assert.equal(await joinInTurns(text), whole);
    assert.equal(text.bytes, Buffer.byteLength(whole, 'utf8'));
  }
  // Without a count, the text is the same, and its length a lower bound.
  const uncounted = await jsonParts({ items }, { items, count: false });
  assert.equal(await joinInTurns(uncounted), JSON.stringify({ items }));
  assert.ok(uncounted.bytes > long.length * 3 && uncounted.bytes <= Buffer.byteLength(JSON.stringify({ items })));
});

it("puts a deferred text's parts where its stand-in is, as JSON.stringify would write the text", async () => {
  // An MCP result whose text content is its results' JSON, deferred: the answer must read as if the
  // joined text had been there, page texts (escaped twice, across slices) included.
  const long = hardText(40_000);
  const results = [{ a: long, b: 'short "q"' }, { c: [hardText(17_000), 'é\n'] }, null];
  const inner = await jsonParts({ results }, { items: results, count: false });
  const joined = await joinInTurns(inner);
  assert.equal(joined, JSON.stringify({ results }));
  const document = { parts: ['Title: Tides\n\n', long, '\n\n======\n\n', 'URL: x'], bytes: 0 };
  const texts = new DeferredTexts();
  const message = (jsonText: string, documentText: string) => ({
    jsonrpc: '2.0',
    id: 1,
    result: {
      content: [
        { type: 'text', text: jsonText },
        { type: 'text', text: documentText },
      ],
      structuredContent: { results },
    },
  });
  const standIns = message(texts.defer(inner), texts.defer(document));
  const whole = JSON.stringify(message(joined, document.parts.join('')));
  const text = await jsonParts(standIns, { items: results, deferred: texts });
  assert.equal(joinAnswer(text), whole);
  assert.equal(text.bytes, Buffer.byteLength(whole, 'utf8'));
  assert.deepEqual(await sent(new AnswerBody(text)), Buffer.from(whole, 'utf8'));
  // A stand-in is taken once; a string that only looks like one stays itself.
  const again = await jsonParts(standIns, { deferred: texts });
  assert.equal(joinAnswer(again), JSON.stringify(standIns));
});

it('lets a deferred text go when the answer that holds it will not be sent', () => {
  const texts = new DeferredTexts();
  const text = { parts: ['the results'], bytes: 11 };
  // A call cancelled after its text was deferred: its answer is never sent, and the text not kept.
  const cancelled = new AbortController();
  const dropped = texts.defer(text, cancelled.signal);
  cancelled.abort();
  assert.equal(texts.take(dropped), undefined);
  // Cancelled before: the same. Sent: the text is there once, whatever the signal does after.
  assert.equal(texts.take(texts.defer(text, AbortSignal.abort())), undefined);
  const live = new AbortController();
  const kept = texts.defer(text, live.signal);
  assert.equal(texts.take(kept), text);
  live.abort();
  assert.equal(texts.take(kept), undefined);
});
