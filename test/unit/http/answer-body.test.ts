import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AnswerBody } from '../../../src/http/answer-body.js';
import { answerText } from '../../../src/http/answer-text.js';
import { resultEnvelope } from '../../../src/tools/envelope.js';
import type { ToolItem } from '../../../src/tools/types.js';

it('hands its bytes out in slices, in order, counting what it has not yet handed out', async () => {
  // A surrogate pair across every possible slice boundary: each slice must encode whole characters.
  // In parts, as answers come (an empty one included).
  const parts = ['é'.repeat(100_000), '😀'.repeat(40_000), '', ',', '😀'.repeat(9_000) + 'end'];
  const bytes = Buffer.from(parts.join(''));
  const pulls: number[] = [];
  const body = new AnswerBody({ parts, bytes: bytes.length }, (n) => pulls.push(n));
  assert.equal(body.length, bytes.length);
  assert.equal(body.unsent, bytes.length);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  assert.deepEqual(Buffer.concat(chunks), bytes);
  assert.equal(body.unsent, 0);
  assert.ok(pulls.length > 1 && Math.max(...pulls) <= 64 * 1024, `slices of ${pulls.join(', ')}`);
  assert.equal(
    pulls.reduce((a, b) => a + b, 0),
    bytes.length,
  );
});

it("encodes an answer's parts to the text of the whole answer, and counts its UTF-8 bytes", async () => {
  const item = (i: number): ToolItem => ({
    data: {
      url: `https://example.com/${i}`,
      content: `"quoted" \\ text\n`.repeat(i * 50),
      title: i % 3 ? 'Zoë 😀' : null,
    },
    meta: {
      status: 200,
      none: undefined,
      error: i === 2 ? { code: 'timeout', message: 'late', retryable: true } : undefined,
    },
  });
  for (const results of [[], [item(1)], Array.from({ length: 300 }, (_, i) => item(i))]) {
    const text = await answerText('req-"1"', results);
    const whole = JSON.stringify(resultEnvelope('req-"1"', results));
    assert.equal(text.parts.join(''), whole);
    assert.equal(text.bytes, Buffer.byteLength(whole, 'utf8'));
  }
});
