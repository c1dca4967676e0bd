// The visible text the metadata rules read: its cap counts text as shown.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { meta } from './pages.js';

describe('visible text: the cap counts text as shown', () => {
  it('reads a dateline below a menu indented with thousands of tabs and line breaks', () => {
    const indent = '\n' + '\t'.repeat(2000);
    const menu = Array.from(
      { length: 80 },
      (_, i) => `${indent}<li>${indent}<a href="/s${i}">Section ${i}</a>${indent}</li>`,
    ).join('');
    const html =
      `<title>Wind farm opens</title><body><ul>${menu}</ul><main><h1>Wind farm opens</h1><p>` +
      `Published 3 March 2020</p><p>${'The wind farm opened today. '.repeat(10)}</p></main></body>`;
    assert.ok(html.length > 300_000);
    assert.equal(meta(html).published_at, '2020-03-03');
  });
});
