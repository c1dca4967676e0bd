import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { classWeight } from '../../../../src/extract/dom/patterns.js';
import type { Element } from 'domhandler';
import { isPlainTag } from '../../../../src/extract/dom/walk.js';

function firstDiv(html: string): Element {
  const doc = parseHtml(`<html><body>${html}</body></html>`);
  const find = (n: { children?: unknown[] }): Element | null => {
    for (const c of (n.children ?? []) as Array<Element>) {
      if (isPlainTag(c) && c.name === 'div') return c;
      const f = find(c);
      if (f) return f;
    }
    return null;
  };
  return find(doc)!;
}

test('a class saying the box holds no media is not a media box', () => {
  assert.equal(classWeight(firstDiv('<div class="landing-row-item landing-row-item-no-media"></div>')), 0);
  assert.equal(classWeight(firstDiv('<div class="landing-row-item-media"></div>')), -25);
});
