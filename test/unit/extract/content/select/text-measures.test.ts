// An element's text measures (characters with whitespace runs counted once, and commas of the
// scripts scoring counts): prose of single spaces is measured without reading it character by
// character, and every text that is not such prose must be measured as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { childText, measureChildText } from '../../../../../src/extract/content/select/text-measures.js';
import { findElement } from '../../../../../src/extract/dom/walk.js';

function measure(html: string): [number, number] {
  const p = findElement(parseHtml(`<body><p>${html}</p></body>`), (el: Element) => el.name === 'p')!;
  measureChildText(p);
  return [childText.chars, childText.commas];
}

test('a text counts every character, a run of spaces of any kind once, and the commas of the scoring scripts', () => {
  const cases: Array<[html: string, chars: number, commas: number]> = [
    // Prose of single spaces (measured without a character loop).
    ['One, two, three.', 16, 2],
    // A lone tab, line break or no-break space between words is one space, as a space is.
    ['One,\ttwo,\nthree\u00a0four.', 21, 2],
    [' lead and trail ', 16, 0],
    // Runs of spaces, and the commas of other scripts (measured character by character).
    ['One,  two,\n   three.', 16, 2],
    ['no-break\u00a0\u00a0spaces\u00a0 mixed', 21, 0],
    ['\t\t\r\n\f', 0, 0],
    ['一，二、三', 5, 2],
    ['واحد، اثنان', 11, 1],
  ];
  for (const [html, chars, commas] of cases) assert.deepEqual(measure(html), [chars, commas], html);
});

test("only the element's own texts count, each measured alone; whitespace alone is no text", () => {
  assert.deepEqual(measure('One, <b>two,</b> three,  four'), [17, 2]);
  assert.deepEqual(measure(' <b>bold</b> '), [0, 0]);
});
