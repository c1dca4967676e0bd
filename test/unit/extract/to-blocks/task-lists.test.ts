// A task list's boxes (GitHub's and every markdown renderer's disabled checkboxes) say what is
// done: markdown writes them as GFM task items, text as "[x]"/"[ ]"; a box a reader can tick (a
// form's, a CSS menu's toggle) is not a task.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanPage } from '../../../support/clean-page.js';

const PROSE = '<p>This is what we plan for the next release of the widget, and what is already done on main.</p>';

const TASKS =
  '<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" ' +
  'class="task-list-item-checkbox" disabled checked> Private access from anywhere</li>' +
  '<li class="task-list-item"><input type="checkbox" class="task-list-item-checkbox" disabled> Media streaming</li>' +
  '<li>A plain item without a box</li></ul>' +
  '<ol><li><p><input disabled="" type="checkbox" checked=""> Write the docs</p></li>' +
  '<li><p><input disabled="" type="checkbox"> Release 2.0</p></li></ol>';

function clean(body: string, format: 'text' | 'markdown', maxChars = 100_000): string {
  const article = `<article><h1>Roadmap</h1>${PROSE}${body}</article>`;
  const html = `<html><head><title>Roadmap</title></head><body>${article}</body></html>`;
  return cleanPage(html, 'https://code.example/acme/widget', { format, maxChars }).content;
}

describe('task lists', () => {
  it('write ticked and open boxes as GFM task items in markdown', () => {
    const md = clean(TASKS, 'markdown');
    assert.match(md, /^- \[x\] Private access from anywhere\n- \[ \] Media streaming\n- A plain item without a box$/m);
    assert.match(md, /^1\. \[x\] Write the docs\n2\. \[ \] Release 2\.0$/m);
  });

  it('print the boxes in text, and keep them in a cut answer', () => {
    assert.match(clean(TASKS, 'text'), /^\[x\] Private access from anywhere\n\[ \] Media streaming\nA plain item/m);
    const cut = clean(TASKS, 'markdown', PROSE.length + 60);
    assert.match(cut, /^- \[x\] Private access from anywhere$/m);
  });

  it("leave a box a reader can tick out of the item's text", () => {
    const menu = '<ul><li><input type="checkbox" id="m1"><label for="m1">Subscribe to the newsletter</label></li></ul>';
    assert.match(clean(menu, 'markdown'), /^- Subscribe to the newsletter$/m);
  });
});
