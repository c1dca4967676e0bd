// explain: for each page shape, the account names the rule that left a given block out, and
// asking for it changes nothing in the answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { extractContent, type ContentTrace } from '../../../../src/extract/content/extract-content.js';
import { extractIndex } from '../../../../src/extract/index-page.js';
import type { Dropped, Explanation, ExplainRequest } from '../../../../src/extract/explain.js';

const para = (n: number, topic: string): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i + 1} about ${topic}, with enough words, commas, and detail to read like real prose ` +
      'in an article body.</p>',
  ).join('\n');

function explained(html: string, url = 'https://news.example/2024/05/story.html'): Explanation {
  const trace: ContentTrace = { explain: true };
  const withExplain = extractContent(parseHtml(html), url, trace);
  // The same answer with and without the account.
  assert.deepEqual(withExplain, extractContent(parseHtml(html), url));
  assert.ok(trace.explanation, 'an explanation is filled');
  return trace.explanation;
}

/** The record of the dropped text that starts with `start`. */
function droppedText(e: Explanation, start: string): Dropped {
  const d = e.dropped.find((x) => x.text.startsWith(start));
  assert.ok(d, `"${start}" is listed as dropped; dropped: ${JSON.stringify(e.dropped.map((x) => x.text))}`);
  return d;
}

const ARTICLE = `<!doctype html><html><head><title>Rivers rise after storm | Daily Example</title>
<meta property="og:title" content="Rivers rise after storm"></head><body>
<header class="site-header"><a href="/">Daily Example</a>
<nav><ul><li><a href="/world">World</a></li></ul></nav></header>
<main><article>
  <h1>Rivers rise after storm</h1>
  <div class="article-body">${para(6, 'the flood')}
  <div class="share-bar"><a href="https://social.example/share">Share on Social</a><a href="mailto:?">Email</a></div>
  <p class="visually-hidden">Skip to the next paragraph of the story</p>
  <div><a href="/x">Storm hits the coast</a> <a href="/y">Dams under pressure</a> <a href="/z">Weather warning</a></div>
  <h2>What comes next</h2>${para(2, 'the recovery')}
  <p>Read more: Dams under pressure</p>
  </div>
</article></main>
<footer><p>© 2024 Daily Example. All rights reserved. Imprint and privacy policy.</p></footer>
</body></html>`;

test('an article: the readings tried, the container, and the prune and pass that dropped blocks', () => {
  const e = explained(ARTICLE);
  assert.equal(e.profile, 'content');
  assert.equal(e.page_type, 'unknown');
  assert.equal(e.readings[0]!.name, 'strict');
  assert.equal(e.readings[0]!.accepted, true);
  assert.ok(e.readings[0]!.chars! > 500);
  assert.ok(e.readings.every((r) => typeof r.why === 'string' && r.why !== ''));
  assert.ok(e.readings.some((r) => !r.tried && r.why.startsWith('not tried')));
  assert.match(e.container!, /article > div\.article-body$/);
  assert.equal(e.strategy, 'declared');
  // The share bar's class is an unlikely one: the strict reading left it out before scoring.
  const share = droppedText(e, 'Share on Social');
  assert.equal(share.rule, 'unlikely name');
  assert.equal(share.stage, 'element');
  assert.match(share.path, /div\.share-bar$/);
  assert.equal(share.chars, 'Share on SocialEmail'.length);
  assert.equal(droppedText(e, 'Skip to the next').rule, 'screen-reader only');
  // Pruned inside the container: a box of links and nothing else.
  assert.equal(droppedText(e, 'Storm hits the coast').rule, 'link dense');
  const lead = droppedText(e, 'Read more: Dams');
  assert.equal(lead.rule, 'furniture lines');
  assert.equal(lead.stage, 'block');
  assert.match(lead.path, /div\.article-body > p$/);
});

test('a long dropped text is cut at 80 characters and its size kept', () => {
  const long = 'Subscribe '.repeat(30);
  const e = explained(ARTICLE.replace('Share on Social', long));
  const d = droppedText(e, 'Subscribe');
  assert.equal(d.text.length, 80);
  assert.ok(d.chars > 300);
});

test('a box pruned after the exclusions emptied it: the box left out before is listed under its own rule', () => {
  // The accordion's wrapper has an unlikely name: the strict reading leaves it out, so the box
  // around it is weighed on its label alone and pruned as short and bare. Each record holds the
  // text its own rule left out.
  const answers = Array.from(
    { length: 4 },
    (_, i) => `<h3>Question ${i + 1} about the flood?</h3><p>Answer ${i + 1}, long enough to read like the answer.</p>`,
  ).join('');
  const box =
    '<div class="questions-box"><span>Questions and answers</span>' +
    `<div class="accordion-wrap pane-header-left">${answers}</div></div>`;
  const e = explained(ARTICLE.replace('<h2>What comes next</h2>', `${box}<h2>What comes next</h2>`));
  const inner = droppedText(e, 'Question 1 about the flood?');
  assert.equal(inner.rule, 'unlikely name');
  assert.match(inner.path, /div\.questions-box > div\.accordion-wrap\.pane-header-left$/);
  const outer = droppedText(e, 'Questions and answers');
  assert.equal(outer.rule, 'short and bare');
  assert.match(outer.path, /div\.questions-box$/);
  assert.equal(outer.chars, 'Questions and answers'.length);
  assert.ok(e.dropped.indexOf(outer) < e.dropped.indexOf(inner), 'the box first, then what was left out inside it');
});

const sections = [
  ['Spring market on the square', 'Stalls of farmers and bakers fill the square every Saturday morning, with music.'],
  [
    'Open-air concert in the park',
    'The city orchestra plays in the park, bring a blanket and a picnic for the evening.',
  ],
  ['Book fair', 'Publishers from the whole region show their new books in the library hall, with readings.'],
];
const LISTING = `<!doctype html><html><head><title>Events</title></head><body>
<nav><a href="/">Home</a> <a href="/events">Events</a> <a href="/about">About the city hall</a></nav>
<div class="intro"><p>Short note.</p></div>
${sections.map(([h, p]) => `<section><h2>${h}</h2><p>${p} ${p}</p></section>`).join('\n')}
<footer><p>City hall, Main street 1. Opening hours and contact details for every office.</p></footer>
</body></html>`;

test('a page of sections read whole: the reading that won, and the chrome rule for its navigation and footer', () => {
  const e = explained(LISTING, 'https://city.example/events');
  assert.equal(e.strategy, 'whole page');
  assert.equal(e.container, 'body');
  const whole = e.readings.find((r) => r.name === 'whole page')!;
  assert.equal(whole.accepted, true);
  assert.ok(whole.chars! > e.readings[0]!.chars!);
  assert.equal(e.readings.find((r) => r.name === 'relaxed: unlikely kept')!.accepted, false);
  assert.equal(droppedText(e, 'City hall').rule, 'chrome tag');
  assert.equal(droppedText(e, 'Home Events').path, 'body > nav');
});

test('nothing found: no strategy and no container, and every reading is listed', () => {
  const e = explained('<html><body><nav><a href="/">Home</a></nav></body></html>');
  assert.equal(e.strategy, null);
  assert.equal(e.container, null);
  assert.ok(e.readings.length >= 10);
});

test('the index profile: navigation left out while the page has text of its own', () => {
  const html = `<html><head><title>Hub</title></head><body>
<nav><ul><li><a href="/a">Alpha section</a></li><li><a href="/b">Beta section</a></li></ul></nav>
<main><h2>Latest</h2><p>${'A hub page with a paragraph of its own that introduces the latest stories. '.repeat(3)}</p>
<ul><li><a href="/s/1">First story of the day</a></li><li><a href="/s/2">Second story of the day</a></li></ul></main>
</body></html>`;
  const trace: ExplainRequest = { explain: true };
  const ex = extractIndex(parseHtml(html), 'https://hub.example/', trace);
  assert.deepEqual(ex, extractIndex(parseHtml(html), 'https://hub.example/'));
  const e = trace.explanation!;
  assert.equal(e.profile, 'index');
  assert.equal(e.readings[0]!.name, 'without navigation');
  assert.equal(e.readings[0]!.accepted, true);
  const nav = e.dropped.find((d) => d.text.startsWith('Alpha section'));
  assert.ok(nav);
  assert.equal(nav.rule, 'navigation');
  assert.match(nav.path, /^body > nav$/);
});

test('without explain nothing is recorded', () => {
  const trace: ContentTrace = {};
  extractContent(parseHtml(ARTICLE), 'https://news.example/2024/05/story.html', trace);
  assert.equal(trace.explanation, undefined);
  assert.equal(trace.strategy, 'declared');
});

test('explain names the hidden wrapper a page reveals, and none where nothing is revealed', () => {
  // A page whose script shows its body: the markup hides the whole page behind a class.
  const hiddenPage = `<!doctype html><html><head><title>Rivers rise after storm</title></head><body>
<div id="app" class="hidden">
<main><article><h1>Rivers rise after storm</h1><div class="article-body">${para(6, 'the flood')}</div></article></main>
</div>
<p>Loading</p>
</body></html>`;
  const revealed = explained(hiddenPage);
  assert.deepEqual(revealed.revealed, ['body > div#app.hidden']);
  assert.ok(revealed.container?.startsWith('body > div#app.hidden'), `container: ${revealed.container}`);
  // A shown page reveals nothing, and a hidden menu stays hidden (it is no page-wide wrapper).
  assert.deepEqual(explained(ARTICLE).revealed, []);
  const menuHtml = '<div class="hidden"><ul><li><a href="/a">Menu item</a></li></ul></div>';
  const menu = ARTICLE.replace('<main>', `${menuHtml}<main>`);
  assert.deepEqual(explained(menu).revealed, []);
  // The index profile reads the markup's hiding as it is.
  const trace: ExplainRequest = { explain: true };
  extractIndex(parseHtml(hiddenPage), 'https://news.example/2024/05/story.html', trace);
  assert.deepEqual(trace.explanation?.revealed, []);
});
