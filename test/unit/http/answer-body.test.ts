import assert from 'node:assert/strict';
import { it } from 'node:test';
import { AnswerBody } from '../../../src/http/answer-body.js';

it('hands its bytes out in slices, in order, counting what it has not yet handed out', async () => {
  // A surrogate pair across every possible slice boundary: each slice must encode whole characters.
  const text = 'é'.repeat(100_000) + '😀'.repeat(40_000) + 'end';
  const bytes = Buffer.from(text);
  const pulls: number[] = [];
  const body = new AnswerBody(text, (n) => pulls.push(n));
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
