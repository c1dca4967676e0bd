// The hub fixtures (test/fixtures/pages/hub-*): clean_web_index lists every content link of the
// hub exactly once (headlines, teasers, link lists, navigation-like lists of headlines, the
// pagination) and none of the site chrome (header menu, footer, cookie bar, language picker).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { loadFixtures, runFixture } from '../../../support/page-fixtures.js';

const hubs = loadFixtures().filter((f) => existsSync(new URL('hub-links.json', f.dir)));

test('there are hub fixtures: site map, news front page, blog index, category page, docs index', () => {
  assert.deepEqual(hubs.map((f) => f.slug).sort(), [
    'hub-blog-index',
    'hub-category-paginated',
    'hub-docs-index',
    'hub-news-front-40',
    'hub-sitemap-links',
  ]);
});

for (const f of hubs) {
  test(`${f.slug}: every content link once, no chrome link`, () => {
    const { content_links: content, chrome_links: chrome } = JSON.parse(
      readFileSync(new URL('hub-links.json', f.dir), 'utf8'),
    ) as { content_links: string[]; chrome_links: string[] };
    for (const format of ['text', 'markdown'] as const) {
      const r = runFixture(f, format);
      assert.ok(r.ok, `${format}: no_content`);
      if (!r.ok) return;
      assert.equal(r.profile, 'index');
      const links = [...r.content.matchAll(/\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => new URL(m[1]!));
      const paths = links.map((u) => u.pathname + u.search);
      for (const href of content) {
        assert.equal(
          paths.filter((p) => p === href).length,
          1,
          `${format}: ${href} listed ${paths.filter((p) => p === href).length} times`,
        );
      }
      for (const href of chrome) assert.ok(!paths.includes(href), `${format}: chrome link ${href} kept`);
    }
  });
}

test('a page of four short links is content for both cleaners (the index profile answers)', async () => {
  const { cleanTask } = await import('../../../../src/workers/clean-task.js');
  const body =
    '<ul><li><a href=/a>Alpha section</a><li><a href=/b>Beta section</a><li><a href=/c>Gamma section</a><li>' +
    '<a href=/d>Delta section</a></ul>';
  for (const profile of ['index', 'content'] as const) {
    const r = cleanTask({
      body,
      bodyKind: 'html',
      finalUrl: 'https://hub.example/',
      profile,
      format: 'text',
      includeTitle: true,
      maxChars: 200_000,
    });
    assert.ok(r.ok, profile);
    if (!r.ok) return;
    assert.equal(
      r.content,
      ['a', 'b', 'c', 'd']
        .map((x, i) => `[${['Alpha', 'Beta', 'Gamma', 'Delta'][i]} section](https://hub.example/${x})`)
        .join('\n'),
    );
    assert.equal(r.profile, 'index');
    assert.equal(r.fallbackUsed, profile === 'content');
  }
});

test('one or two short links are not a page', async () => {
  const { cleanTask } = await import('../../../../src/workers/clean-task.js');
  for (const body of [
    '<div id="app">Loading…</div><p><a href="/home">Home</a></p>',
    '<ul><li><a href="/a">Alpha</a><li><a href="/b">Beta</a></ul>',
  ]) {
    const r = cleanTask({
      body,
      bodyKind: 'html',
      finalUrl: 'https://hub.example/',
      profile: 'index',
      format: 'text',
      includeTitle: true,
      maxChars: 200_000,
    });
    assert.equal(r.ok, false, body);
  }
});

test('a language picker in the page body is chrome; a nav of headlines outside main is content', async () => {
  const { cleanTask } = await import('../../../../src/workers/clean-task.js');
  const body =
    `<main><h1>Regional news</h1><p>The latest from the three valleys, updated every hour of the day.` +
    `</p></main>
    <ul class="langs"><li><a href="/cy/">Cymraeg</a></li><li><a href="/en/">English</a></li></ul>
    <div><a href="/de/" hreflang="de">Deutsch</a> <a href="/fr/" hreflang="fr">Français</a></div>
    <nav aria-label="Elsewhere"><ul><li><a href="/s/1">Flood warning lifted for the lower valley</a></li><li>` +
    `<a href="/s/2">New bus timetable starts on Monday morning</a></li><li><a href="/s/3">` +
    `School roof repairs finished ahead of term</a></li></ul></nav>
    <nav aria-label="Sections"><a href="/news">News</a> <a href="/sport">Sport</a> <a href="/weather">Weather</a>` +
    `</nav>`;
  const r = cleanTask({
    body,
    bodyKind: 'html',
    finalUrl: 'https://hub.example/',
    profile: 'index',
    format: 'text',
    includeTitle: false,
    maxChars: 200_000,
  });
  assert.ok(r.ok);
  if (!r.ok) return;
  for (const kept of ['/s/1', '/s/2', '/s/3']) assert.match(r.content, new RegExp(`hub\\.example${kept}\\)`));
  for (const dropped of ['/cy/', '/en/', '/news', '/sport', '/weather'])
    assert.doesNotMatch(r.content, new RegExp(`hub\\.example${dropped}\\)`));
});

test('teaser cards with their own <header> outside any sectioning element are content; the site header is chrome', async () => {
  const { cleanTask } = await import('../../../../src/workers/clean-task.js');
  const cards = Array.from(
    { length: 40 },
    (_, i) =>
      `<div class="story"><header><h2><a href="/s/${i}">Headline number ${i} about the harbour</a></h2></header><p>` +
      `Teaser ${i}.</p><footer>2 hours ago</footer></div>`,
  ).join('');
  const body =
    `<header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header><div id="content">` +
    `${cards}</div><footer><a href="/privacy">Privacy</a></footer>`;
  const r = cleanTask({
    body,
    bodyKind: 'html',
    finalUrl: 'https://hub.example/',
    profile: 'index',
    format: 'text',
    includeTitle: false,
    maxChars: 200_000,
  });
  assert.ok(r.ok);
  if (!r.ok) return;
  for (let i = 0; i < 40; i++)
    assert.equal(r.content.split(`(https://hub.example/s/${i})`).length, 2, `headline ${i} once`);
  assert.doesNotMatch(r.content, /hub\.example\/news\)|hub\.example\/privacy\)/);
});
