import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readableTextExceeds } from '../../../src/fetch/readable-text-floor.js';
import { BOT_PAGES } from '../../support/bot-pages.js';

const exceeds = (html: string, limit: number) => readableTextExceeds(Buffer.from(html), limit);

describe('readableTextExceeds', () => {
  it('counts the characters of the text, not of whitespace', () => {
    assert.equal(exceeds('<p>abc   def</p>', 5), true);
    assert.equal(exceeds('<p>abc   def</p>', 6), false);
  });

  it('does not count scripts, styles, comments, the title or tags', () => {
    const html =
      '<html><head><title>A long title here</title><style>body{color:red}</style><script>var x = "<p>not text</p>";' +
      '</script></head><body><!-- a comment --><div class="x">ab</div><SCRIPT type="a">more()</SCRIPT ></body>' +
      '</html>';
    assert.equal(exceeds(html, 1), true);
    assert.equal(exceeds(html, 2), false);
  });

  it('a script closes only at </script>, not at </scripts> or inside a string', () => {
    assert.equal(exceeds('<script>a="</scripts>lots of text inside"</script>xy', 2), false);
  });

  it('counts an entity as nothing and a multi-byte character as one', () => {
    assert.equal(exceeds('<p>&amp;&nbsp;&#233;&#x20AC;</p>', 0), false);
    assert.equal(exceeds('<p>日本語</p>', 2), true);
    assert.equal(exceeds('<p>日本語</p>', 3), false);
    // No-break and ideographic spaces are whitespace.
    assert.equal(exceeds('<p>a\u00a0\u3000\u2009b</p>', 2), false);
  });

  it('an unterminated script or comment hides the rest', () => {
    assert.equal(exceeds('ab<script>' + 'x'.repeat(100), 2), false);
    assert.equal(exceeds('ab<!-- ' + 'x'.repeat(100), 2), false);
  });

  it('every challenge page of the fixtures stays under the limit the detector uses', () => {
    for (const page of BOT_PAGES) if (page.vendor) assert.equal(exceeds(page.body, 3000), false, page.name);
  });

  it('a real article is over it', () => {
    const article =
      '<html><head><title>T</title></head><body><article>' +
      '<p>Sentences of an ordinary article about the river and its birds.</p>'.repeat(60) +
      '</article></body></html>';
    assert.equal(exceeds(article, 3000), true);
  });
});
