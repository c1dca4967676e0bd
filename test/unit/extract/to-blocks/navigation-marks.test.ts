// Links that print only a mark of the page's navigation (a heading's "¶" permalink, a footnote's
// "↩" back-reference) are not words of the text; a footnote's own marker and a link that says
// something are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanPage } from '../../../support/clean-page.js';

const PROSE =
  '<p>The widget reads its settings from a file in the working directory, and every key of it is optional.</p>';

function clean(body: string, format: 'text' | 'markdown' = 'markdown', title = 'Configuring the widget') {
  const html = `<html><head><title>${title} — Widget 2.1 documentation</title></head><body>${body}</body></html>`;
  return cleanPage(html, 'https://docs.widget.example/config.html', { format, includeTitle: true }).content;
}

describe('navigation marks in the text', () => {
  it("leave a documentation heading's permalink out, and the headline is printed once", () => {
    const body =
      '<div role="main"><h1>Configuring the widget' +
      '<a class="headerlink" href="#configuring" title="Link to this heading">¶</a></h1>' +
      `${PROSE}<h2>Example <a href="#example">#</a></h2>${PROSE}` +
      `<dl><dt><code>port</code><a href="#port">§</a></dt><dd>${PROSE}</dd></dl></div>`;
    for (const format of ['text', 'markdown'] as const) {
      const content = clean(body, format);
      assert.doesNotMatch(content, /[¶§#]\s*$/m, format);
      assert.equal(content.split('Configuring the widget').length - 1, 1, format);
    }
    assert.match(clean(body), /^## Example$/m);
    assert.match(clean(body), /^\*\*`port`\*\*$/m);
  });

  it("leave a footnote's way back out, and keep its marker and the notes", () => {
    const body =
      `<article><h1>Prices</h1>${PROSE}<p>From $999 or $83.25/mo. for 12 mo.<a href="#footnote-1">*</a></p>` +
      '<ol class="footnotes"><li id="footnote-1">With the monthly plan only. <a href="#ref-1">↩︎</a></li>' +
      '<li>Taxes apply. <a href="#ref-2">↩</a> <a href="#top">↑</a></li></ol></article>';
    const content = clean(body, 'markdown', 'Prices');
    assert.match(content, /^From \$999 or \$83\.25\/mo\. for 12 mo\.\\\*$/m);
    assert.match(content, /^1\. With the monthly plan only\.$/m);
    assert.match(content, /^2\. Taxes apply\.$/m);
    assert.doesNotMatch(content, /[↩↑]/);
  });

  it('keep a link to a place on the page that says something or shows a picture', () => {
    const body =
      `<article><h1>Guide</h1>${PROSE}<p>Read <a href="#setup">the setup section</a> first: it says which file ` +
      'the widget reads, where it looks for it and what it does when the file is missing.</p>' +
      `<p><a href="#gallery"><img src="/plan.png" alt="Floor plan"></a></p>${PROSE}</article>`;
    const content = clean(body, 'markdown', 'Guide');
    // A link to a place on the same page is read as its text (same-page-links.ts).
    assert.match(content, /^Read the setup section first: it says which file/m);
    assert.match(content, /!\[Floor plan\]\(https:\/\/docs\.widget\.example\/plan\.png\)/);
  });

  it('set a footnote reference apart from the word before it, in brackets', () => {
    const body =
      `<article><h1>Prices</h1>${PROSE}<p>Sales have grown every year since 2016.<sup><a href="#fn1">1</a></sup> ` +
      'People who use it want to keep using it<a href="#fn2"><sup>2</sup></a> and say so in every survey.</p>' +
      '<p>The chip has a neural engine<sup id="r3"><a href="#fn3">[3]</a></sup> ' +
      'and a camera<sup><a href="/specs">4</a></sup>.</p>' +
      '<ol><li id="fn1">Company figures.</li><li id="fn2">Survey of 2024.</li>' +
      '<li id="fn3">On the Pro model.</li></ol></article>';
    for (const format of ['text', 'markdown'] as const) {
      const content = clean(body, format, 'Prices');
      // Markdown escapes the bracket that could open a link.
      const open = format === 'markdown' ? '\\[' : '[';
      assert.ok(content.includes(`since 2016.${open}1] People`), content);
      assert.ok(content.includes(`keep using it${open}2] and say so`), content);
      assert.ok(content.includes(`neural engine${open}3] and a camera`), content);
    }
    // A raised link to another page is no footnote reference: it is read as it is.
    assert.match(clean(body, 'markdown', 'Prices'), /and a camera\[4\]\(https:\/\/docs\.widget\.example\/specs\)/);
  });
});
