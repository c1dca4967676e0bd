// Reading a page in parts: every part within max_chars and max_tokens, its token count the
// library's own count of it, and the parts, read on from each next_start, concatenating to
// exactly the whole content, in text and markdown, on every fixture page and on a long page
// with every kind of block.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { loadFixtures, runFixture } from '../../support/page-fixtures.js';
import { renderBlocks, type RenderRequest } from '../../../src/render/render.js';
import { renderPlainText } from '../../../src/render/plain-text.js';
import type { Block } from '../../../src/extract/blocks.js';
import type { TokenEncoding } from '../../../src/render/token-count.js';
import { a, code, h, numbered, ol, p, t, table, ul } from './helpers.js';

const LIBRARY: Record<TokenEncoding, (text: string) => number> = { o200k_base: o200k, cl100k_base: cl100k };

interface Limits {
  maxChars: number;
  maxTokens: number | null;
  encoding: TokenEncoding;
}

/** Reads every part from start 0 and checks each; returns the parts. */
function readParts(
  whole: string,
  one: (start: number) => { content: string; tokens: number; nextStart: number | null; truncated: boolean },
  limits: Limits,
  label: string,
): string[] {
  const parts: string[] = [];
  let start = 0;
  for (;;) {
    const r = one(start);
    const at = `${label} part ${parts.length} (start ${start})`;
    assert.equal(r.tokens, LIBRARY[limits.encoding](r.content), `${at}: tokens`);
    const singleChar = [...r.content].length === 1;
    assert.ok(r.content.length <= limits.maxChars || singleChar, `${at}: ${r.content.length} chars`);
    if (limits.maxTokens !== null) assert.ok(r.tokens <= limits.maxTokens || singleChar, `${at}: ${r.tokens} tokens`);
    assert.equal(r.truncated, r.nextStart !== null, `${at}: truncated`);
    parts.push(r.content);
    if (r.nextStart === null) break;
    assert.equal(r.nextStart, start + r.content.length, `${at}: next_start`);
    assert.ok(r.content.length > 0, `${at}: no progress`);
    start = r.nextStart;
  }
  assert.equal(parts.join(''), whole, `${label}: the parts do not make the whole`);
  return parts;
}

const LIMITS: Limits[] = [
  { maxChars: 700, maxTokens: null, encoding: 'o200k_base' },
  { maxChars: 200_000, maxTokens: 150, encoding: 'o200k_base' },
  { maxChars: 1500, maxTokens: 250, encoding: 'cl100k_base' },
];

test('long fixture pages read in parts concatenate to the whole, in text and markdown', () => {
  let longPages = 0;
  for (const f of loadFixtures()) {
    if (f.request.expect.error) continue;
    for (const format of ['text', 'markdown'] as const) {
      const full = runFixture(f, format);
      if (!full.ok) continue;
      assert.equal(full.tokens, o200k(full.content), `${f.slug} ${format}: tokens of the whole`);
      // The long pages: a few parts each at these limits.
      if (full.truncated || full.content.length < 2500) continue;
      longPages++;
      // Each part parses the page again, as a call does: two limits keep this file quick.
      for (const l of LIMITS.slice(0, 2)) {
        const label = `${f.slug} ${format} ${JSON.stringify(l)}`;
        const one = (start: number) => {
          const r = runFixture(f, format, {
            start,
            maxChars: l.maxChars,
            maxTokens: l.maxTokens,
            tokenEncoding: l.encoding,
          });
          assert.ok(r.ok, label);
          return r.ok ? r : { content: '', tokens: 0, nextStart: null, truncated: false };
        };
        const parts = readParts(full.content, one, l, label);
        if (l !== LIMITS[0]) continue;
        // The same page bytes cut at the same places.
        assert.deepEqual(readParts(full.content, one, l, label), parts, `${label}: cut points moved`);
      }
    }
  }
  assert.ok(longPages >= 5, `only ${longPages} long fixture pages`);
});

/** A long page with every kind of block, some longer than a part. */
function longPage(): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < 40; i++) {
    blocks.push(h(2, `Section ${i}: tides and the moon`));
    blocks.push(
      p(
        t(`Paragraph ${i} says high water comes about fifty minutes later each day, `),
        a('https://x.example/tides', t('as tables show')),
        t('.'),
      ),
    );
    if (i % 5 === 0)
      blocks.push(
        ul([p(t('first item')), p(t('a second paragraph makes the list loose'))], [p(t(`item ${i}`))], [p(t('last'))]),
      );
    if (i % 5 === 1) blocks.push(ol(3, [p(t('three'))], [p(t('four'))], [p(t('five'))]));
    if (i % 10 === 1)
      blocks.push(numbered([9, [p(t('nine'))]], [8, [p(t('eight'))]], [2, [p(t('two'))]], [1, [p(t('one'))]]));
    if (i % 5 === 2) blocks.push(table(['Port', 'Range'], ['Brest', '7 m'], ['Saint-Malo', '13 m'], [`Row ${i}`, 'x']));
    if (i % 5 === 3)
      blocks.push({ type: 'quote', children: [p(t('Time and tide wait for no man.')), p(t('Nor for any part.'))] });
    if (i % 5 === 4)
      blocks.push(code('js', Array.from({ length: 30 }, (_, k) => `console.log(${k}, 'tide');`).join('\n')));
    if (i % 13 === 0) blocks.push(p(t('潮の満ち引きは月の引力によって起こる。'.repeat(20))));
    if (i % 17 === 0) blocks.push(p(t('word '.repeat(300).trim())));
  }
  return blocks;
}

test('a long page with lists, tables, quotes, code and long paragraphs reads in parts', () => {
  const blocks = longPage();
  for (const format of ['text', 'markdown'] as const) {
    const base: RenderRequest = { format, title: 'Tides', maxChars: 2_000_000 };
    const whole = renderBlocks(blocks, base);
    assert.equal(whole.truncated, false);
    for (const l of [...LIMITS, { maxChars: 5000, maxTokens: 40, encoding: 'o200k_base' as const }]) {
      const req = { ...base, maxChars: l.maxChars, maxTokens: l.maxTokens, tokenEncoding: l.encoding };
      const parts = readParts(
        whole.content,
        (start) => renderBlocks(blocks, { ...req, start }),
        l,
        `${format} ${JSON.stringify(l)}`,
      );
      assert.ok(parts.length > 3, `${format}: only ${parts.length} parts`);
      // The title is the first line of the first part only.
      assert.ok(parts[0]!.startsWith(format === 'markdown' ? '# Tides' : 'Tides'));
      assert.ok(parts.slice(1).every((part) => !part.startsWith('# Tides')));
    }
  }
});

test('tiny parts of the first blocks of a long page concatenate to the whole', () => {
  const blocks = longPage().slice(0, 14);
  for (const l of [
    { maxChars: 97, maxTokens: null, encoding: 'o200k_base' as const },
    { maxChars: 5000, maxTokens: 7, encoding: 'o200k_base' as const },
  ]) {
    for (const format of ['text', 'markdown'] as const) {
      const whole = renderBlocks(blocks, { format, title: 'Tides', maxChars: 2_000_000 }).content;
      const req = { format, title: 'Tides', maxChars: l.maxChars, maxTokens: l.maxTokens };
      readParts(whole, (start) => renderBlocks(blocks, { ...req, start }), l, `${format} ${JSON.stringify(l)}`);
    }
  }
});

test('a part ends between blocks, list items and table rows, never inside a code block that fits', () => {
  const blocks = longPage();
  const whole = renderBlocks(blocks, { format: 'markdown', title: null, maxChars: 2_000_000 }).content;
  let start = 0;
  for (;;) {
    // Every piece of the page fits in 1600 characters, so no part ends inside one.
    const r = renderBlocks(blocks, { format: 'markdown', title: null, maxChars: 1600, start });
    const rest = whole.slice(start + r.content.length);
    if (r.nextStart === null) break;
    // What follows a part begins a new line (a block, an item, a row).
    assert.match(rest, /^\n/, `cut inside a line at ${r.nextStart}`);
    const fences = r.content.match(/```/g)?.length ?? 0;
    assert.equal(fences % 2, 0, `a code block was cut at ${r.nextStart}`);
    start = r.nextStart;
  }
});

test('start at or past the end gives empty content and no next part', () => {
  const blocks = [p(t('Short page.'))];
  const r = renderBlocks(blocks, { format: 'text', title: null, maxChars: 100, start: 11 });
  assert.deepEqual(
    { content: r.content, tokens: r.tokens, nextStart: r.nextStart, truncated: r.truncated },
    { content: '', tokens: 0, nextStart: null, truncated: false },
  );
  assert.equal(renderBlocks(blocks, { format: 'text', title: null, maxChars: 100, start: 5000 }).content, '');
});

test('meta.tokens counts the returned text in the requested encoding', () => {
  const blocks = longPage();
  for (const encoding of ['o200k_base', 'cl100k_base'] as const) {
    const r = renderBlocks(blocks, { format: 'markdown', title: 'Tides', maxChars: 200_000, tokenEncoding: encoding });
    assert.equal(r.tokens, LIBRARY[encoding](r.content));
  }
  assert.notEqual(
    renderBlocks(blocks, { format: 'text', title: null, maxChars: 200_000, tokenEncoding: 'o200k_base' }).tokens,
    renderBlocks(blocks, { format: 'text', title: null, maxChars: 200_000, tokenEncoding: 'cl100k_base' }).tokens,
  );
});

test('text/plain bodies read in parts at line boundaries', () => {
  const body =
    Array.from({ length: 300 }, (_, i) => `Line ${i} of a plain text file, with some words.`).join('\r\n') + '\n\n';
  const whole = renderPlainText(body, { start: 0, maxChars: 1_000_000, maxTokens: null, encoding: 'o200k_base' });
  assert.equal(whole.nextStart, null);
  const l: Limits = { maxChars: 1000, maxTokens: 120, encoding: 'o200k_base' };
  const parts = readParts(whole.content, (start) => renderPlainText(body, { ...l, start }), l, 'text/plain');
  assert.ok(parts.slice(1).every((part) => part.startsWith('\nLine ')));
});

test('a run of letters far longer than a part is still cut within the token budget, in bounded time', () => {
  const blocks = [p(t('x'.repeat(200_000)))];
  const r = renderBlocks(blocks, { format: 'text', title: null, maxChars: 200_000, maxTokens: 100 });
  assert.ok(r.tokens <= 100 && r.tokens > 50, String(r.tokens));
  assert.ok(r.nextStart !== null && r.nextStart > 0);
});
