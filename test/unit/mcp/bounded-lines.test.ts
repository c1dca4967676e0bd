// The MCP stdio reader's line splitter: whole lines out, however the bytes were cut into
// chunks; a line over the limit dropped (and reported once) without holding its bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { BoundedLines } from '../../../src/mcp/bounded-lines.js';

async function run(chunks: string[], limit: number): Promise<{ out: string[]; dropped: number }> {
  let dropped = 0;
  const lines = new BoundedLines(limit, () => dropped++);
  const out: string[] = [];
  const done = Readable.from(chunks.map((c) => Buffer.from(c)))
    .pipe(lines)
    .on('data', (b: Buffer) => out.push(b.toString()));
  await new Promise((resolve) => done.on('end', resolve));
  return { out, dropped };
}

test('lines come out whole, one chunk each, whatever the cuts', async () => {
  const { out, dropped } = await run(['{"a"', ':1}\n{"b":2}\n{', '"c":3}', '\n'], 100);
  assert.deepEqual(out, ['{"a":1}\n', '{"b":2}\n', '{"c":3}\n']);
  assert.equal(dropped, 0);
});

test('a line of exactly the limit passes; one byte more is dropped and reported once', async () => {
  const { out, dropped } = await run(['aaaa\n', 'bbb', 'bb', 'bbbbbb', 'b\ncc\n'], 4);
  assert.deepEqual(out, ['aaaa\n', 'cc\n']);
  assert.equal(dropped, 1);
});

test('an endless line is dropped as it comes; a last line with no newline is passed on', async () => {
  const { out, dropped } = await run([...Array.from({ length: 50 }, () => 'z'.repeat(1000)), '\nok\n', 'tail'], 64);
  assert.deepEqual(out, ['ok\n', 'tail']);
  assert.equal(dropped, 1);
});
