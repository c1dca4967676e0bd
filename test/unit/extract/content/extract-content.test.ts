import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../src/extract/content/extract-content.js';
import { textContent } from '../../../../src/extract/dom/walk.js';
import { renderText } from '../../../../src/render/text.js';

const URL_ = 'https://news.example/2024/05/story.html';

function contentText(html: string, url = URL_): string | null {
  const ex = extractContent(parseHtml(html), url);
  return ex ? renderText(ex.blocks, { title: null }) : null;
}

const para = (n: number, topic: string): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i + 1} about ${topic}, with enough words, commas, and detail to read like real prose in an ` +
      `article body.</p>`,
  ).join('\n');

const NEWS_PAGE =
  `<!doctype html><html><head><title>Rivers rise after storm | Daily Example</title>
<meta property="og:title" content="Rivers rise after storm"></head><body>
<div id="cookie-banner">We use cookies to improve your experience. Accept all cookies</div>
<header class="site-header"><a href="/">Daily Example</a><nav><ul><li><a href="/world">World</a></li><li>` +
  `<a href="/sport">Sport</a></li></ul></nav></header>
<main><article>
  <header><h1>Rivers rise after storm</h1><p class="byline">By Jane Reporter</p><time datetime="2024-05-01">` +
  `May 1, 2024</time>
  <p class="lead">The river reached its highest level in forty years on Tuesday night.</p></header>
  <div class="article-body">${para(6, 'the flood')}
  <div class="share-bar"><a href="https://social.example/share">Share on Social</a><a href="mailto:?">Email</a>` +
  `</div>
  <h2>What comes next</h2>${para(2, 'the recovery')}
  <figure><img src="/img/river.jpg" alt="The river"><figcaption>The river at dawn. Photo: Agency</figcaption>` +
  `</figure>
  <h3>Related stories</h3><ul><li><a href="/a">Storm hits coast</a></li><li><a href="/b">Dams under pressure</a>` +
  `</li><li><a href="/c">Weather warning issued</a></li></ul>
  </div>
</article>
<section class="comments"><h2>Comments</h2><p>First! I totally agree with everything in this article, it is great.` +
  `</p></section>
</main>
<aside class="sidebar"><h2>Most read</h2>${para(3, 'unrelated sidebar matters')}</aside>
<footer><p>© 2024 Daily Example. All rights reserved. Imprint and privacy policy.</p></footer>
</body></html>`;

test('the article body is kept; chrome, comments, share bars, related lists and captions are not', () => {
  const text = contentText(NEWS_PAGE)!;
  assert.ok(text.includes('Paragraph 6 about the flood'));
  assert.ok(text.includes('What comes next'));
  assert.ok(text.includes('Paragraph 2 about the recovery'));
  for (const leak of [
    'cookies',
    'World',
    'Share on Social',
    'Storm hits coast',
    'Related stories',
    'First!',
    'sidebar matters',
    'All rights reserved',
    'Photo: Agency',
  ]) {
    assert.ok(!text.includes(leak), `leaked: ${leak}`);
  }
});

test('title, byline and date stay out of the body; the lead paragraph stays in', () => {
  const ex = extractContent(parseHtml(NEWS_PAGE), URL_)!;
  assert.equal(ex.title, 'Rivers rise after storm');
  const text = renderText(ex.blocks, { title: null });
  assert.ok(!text.includes('Rivers rise after storm'));
  assert.ok(!text.includes('Jane Reporter'));
  assert.ok(!text.includes('May 1, 2024'));
  assert.ok(text.startsWith('The river reached its highest level in forty years'));
});

test('a short post in a declared body container beats a longer sidebar', () => {
  const html =
    `<html><body><div class="site"><article class="post"><h1 class="entry-title">Note</h1>
  <div class="entry-content"><p>I would invest in smart charging stations. Surprising nobody does it yet.</p></div>` +
    `</article>
  <div class="widget-area">${para(5, 'archive links and blogroll')}</div></div></body></html>`;
  const text = contentText(html)!;
  assert.equal(text, 'I would invest in smart charging stations. Surprising nobody does it yet.');
});

test('when strict filtering finds too little, a relaxed attempt still finds the article', () => {
  const html =
    `<html><body><div class="widget">${para(6, 'a page built from widgets')}</div><div class="menu">` +
    `<a href="/x">Home</a></div></body></html>`;
  const text = contentText(html)!;
  assert.ok(text.includes('Paragraph 1 about a page built from widgets'));
  assert.ok(text.includes('Paragraph 6 about a page built from widgets'));
});

test('JSON-LD articleBody is used when the markup holds far less', () => {
  const body = 'First paragraph of the article that only exists in structured data, long enough to matter. '.repeat(5);
  const html =
    `<html><head><script type="application/ld+json">` +
    `${JSON.stringify({ '@type': 'NewsArticle', headline: 'H', articleBody: body + '\n\n' + body })}</script>` +
    `</head>
  <body><div id="app"><p>Loading the article, please wait a moment.</p></div></body></html>`;
  const text = contentText(html)!;
  assert.ok(text.includes('only exists in structured data'));
  assert.ok(text.length > body.length);
});

test('the JSON-LD description opens the JSON-LD text when it is a standfirst the body leaves out', () => {
  const body = 'First paragraph of the article that only exists in structured data, long enough to matter. '.repeat(5);
  const page = (description: string): string =>
    `<html><head><script type="application/ld+json">` +
    `${JSON.stringify({ '@type': 'NewsArticle', headline: 'H', description, articleBody: body + '\n\n' + body })}` +
    `</script></head>
  <body><div id="app"><p>Loading the article, please wait a moment.</p></div></body></html>`;
  const standfirst = 'A standfirst sentence that the article body in structured data does not repeat anywhere.';
  assert.ok(contentText(page(standfirst))!.startsWith(standfirst));
  // A teaser cut short, or one the body already holds, adds nothing.
  const cut = 'A teaser that the site cut short for search results and social cards, ending with an ellipsis...';
  assert.ok(!contentText(page(cut))!.includes('ellipsis'));
  assert.equal(contentText(page(body.slice(0, 120)))!.split('\n')[0], body.trim());
});

test('code blocks, tables and links survive extraction with absolute addresses', () => {
  const html =
    `<html><head><base href="https://docs.example/guide/"></head><body><article>
  ${para(3, 'configuration')}
  <pre><code class="language-js">const a = 1;\n  console.log(a);</code></pre>
  <table><tr><th>Option</th><th>Default</th></tr><tr><td>timeout</td><td>15</td></tr></table>
  <p>See <a href="../api.html">the API page</a> and <a href="javascript:void(0)">this button</a>` +
    ` for more details on the options.</p>
  </article></body></html>`;
  const ex = extractContent(parseHtml(html), 'https://other.example/')!;
  const code = ex.blocks.find((b) => b.type === 'code');
  assert.deepEqual(code, { type: 'code', language: 'js', text: 'const a = 1;\n  console.log(a);' });
  assert.ok(ex.blocks.some((b) => b.type === 'table'));
  const text = renderText(ex.blocks, { title: null });
  assert.ok(text.includes('[the API page](https://docs.example/api.html)'));
  assert.ok(text.includes('this button'));
  assert.ok(!text.includes('javascript:'));
});

test('extraction leaves the document untouched, so another profile can read it after', () => {
  const doc = parseHtml(NEWS_PAGE);
  const before = textContent(doc);
  extractContent(doc, URL_);
  assert.equal(textContent(doc), before);
});

test('a page without text has no main content', () => {
  assert.equal(
    contentText('<html><body><div><img src="a.png"></div><script>var x = "text in script";</script></body></html>'),
    null,
  );
  assert.equal(contentText(''), null);
});

test('hostile nesting and attribute floods are extracted without failing', () => {
  const deep =
    '<div>'.repeat(50_000) +
    '<p>Deep paragraph text that should still be found by the extractor, with commas, too.</p>' +
    '</div>'.repeat(50_000);
  const text = contentText(`<html><body>${deep}</body></html>`);
  assert.ok(text?.includes('Deep paragraph text'));
  const attrs = Array.from({ length: 5000 }, (_, i) => `data-a${i}="x"`).join(' ');
  const flood = contentText(`<html><body><article ${attrs}>${para(3, 'floods')}</article></body></html>`);
  assert.ok(flood?.includes('Paragraph 3 about floods'));
});

test('the title comes from og:title, else the <h1> inside <title>, else the named part of <title>', () => {
  const body = `<body><article>${para(3, 'titles')}</article></body>`;
  const t = (head: string, extra = ''): string | null =>
    extractContent(parseHtml(`<html><head>${head}</head>${extra}${body}</html>`), URL_)!.title;
  assert.equal(t('<title>Site | Page</title><meta property="og:title" content=" The  OG title ">'), 'The OG title');
  assert.equal(
    t('<title>Budget passes in late vote - Example News</title>', '<h1>Budget passes in late vote</h1>'),
    'Budget passes in late vote',
  );
  assert.equal(t('<title>Example News | Budget passes in late vote</title>'), 'Budget passes in late vote');
});

test('a short post in a relaxed-filter world: a longer comment form does not replace it', () => {
  const html =
    `<html><body><div class="post hentry"><p>This short note is the whole post, and it says what it ` +
    `needs to say.</p></div>
  <div id="respond" class="comment-respond"><h3>Leave a comment</h3><p>` +
    `Your email address will not be published. Required fields are marked, and comments are moderated.</p>
  <p>Write your comment here, then press the button below to submit it for moderation, please.</p></div></body>` +
    `</html>`;
  assert.equal(contentText(html), 'This short note is the whole post, and it says what it needs to say.');
});
