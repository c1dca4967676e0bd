// isHeading and isSubheading: the six heading levels of a parsed page (and only they), whatever
// case the page writes them in; the subheadings are the five under <h1>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { isHeading, isSubheading } from '../../../../src/extract/dom/headings.js';
import { visitElements } from '../../../../src/extract/dom/walk.js';

const page = parseHtml(
  '<main><H1>a</H1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>' +
    '<h7>g</h7><h0>h</h0><h10>i</h10><hr><hgroup><p>j</p></hgroup><header>k</header><th>l</th><b>m</b><h>n</h></main>',
);

const matching = (test: (el: Parameters<typeof isHeading>[0]) => boolean): string[] => {
  const out: string[] = [];
  visitElements(page, (el) => {
    if (test(el)) out.push(el.name);
    return true;
  });
  return out;
};

test('isHeading: <h1> to <h6>, not <h0>, <h7>, <hr>, <hgroup>, <header>, <th>', () => {
  assert.deepEqual(matching(isHeading), ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
});

test('isSubheading: <h2> to <h6>, not the page heading <h1>', () => {
  assert.deepEqual(matching(isSubheading), ['h2', 'h3', 'h4', 'h5', 'h6']);
});
