// The ruled precedence of sources per field, their fallbacks, and the caps on field length.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { extractMetadata } from '../../../../src/extract/metadata/index.js';
import { meta, titles } from './pages.js';

describe('ruled precedence and fallbacks', () => {
  it('description: og first, then meta description, then the lead paragraph', () => {
    assert.equal(
      meta('<meta name="description" content="Meta."><meta property="og:description" content="OG.">').description,
      'OG.',
    );
    const lead = 'A lead paragraph long enough to be the summary of an article when the page declares nothing.';
    assert.equal(meta(`<article><p>Short.</p><p>${lead}</p></article>`).description, lead);
  });
  it('site_name: JSON-LD publisher, og:site_name, then the brand in the title', () => {
    assert.equal(
      meta(
        '<meta property="og:site_name" content="OG Name"><script type="application/ld+json">' +
          '{"@type":"Article","publisher":{"@type":"Organization","name":"Pub Name"}}</script>',
      ).site_name,
      'Pub Name',
    );
    assert.equal(meta('<title>A long story headline here - Brand</title>').site_name, 'Brand');
  });
  it('title: the declared title verbatim, og:title first, the brand and section kept (v3)', () => {
    assert.equal(
      meta(
        '<meta property="og:title" content="News - The Big Story of Today - Brand Site"><title>Other</title><h1>' +
          'The Big Story of Today</h1>',
      ).title,
      'News - The Big Story of Today - Brand Site',
    );
    assert.equal(meta('<meta name="twitter:title" content="Tw &amp; Title"><title>T</title>').title, 'Tw & Title');
    assert.equal(meta('<title>  The   Story | Brand </title><h1>The Story</h1>').title, 'The Story | Brand');
    assert.equal(
      meta('<script type="application/ld+json">{"@type":"Article","headline":"LD headline"}</script><h1>H</h1>').title,
      'LD headline',
    );
    assert.equal(meta('<h1>Only a heading</h1>').title, 'Only a heading');
  });
  it("headline (the cleaners' title): the <h1> when the declared title is the h1 plus a brand or section", () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="News - The Big Story of Today - Brand Site"><h1>The Big Story of Today' +
          '</h1>',
      ).title,
      'The Big Story of Today',
    );
    assert.equal(
      titles('<meta property="og:title" content="Declared Title"><h1>Other Heading Entirely</h1>').title,
      'Declared Title',
    );
  });
  it("headline (the cleaners' title): the visible <h1> when it tells the declared story in other words", () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="13 Ways To Compliment Women With Power"><h1>' +
          'The Power Of Compliments For Women</h1>',
      ).title,
      'The Power Of Compliments For Women',
    );
    // an unrelated banner h1 (a section, the site) or a short brand is not the headline
    assert.equal(
      titles('<meta property="og:title" content="Rain expected across the valley"><h1>Press releases</h1>').title,
      'Rain expected across the valley',
    );
    assert.equal(
      titles('<title>Rain expected across the valley</title><h1>Valley News</h1>').title,
      'Rain expected across the valley',
    );
    // an h1 that is the declared headline with a kicker glued in front: the declared form is clean
    assert.equal(
      titles(
        '<meta property="og:title" content="Große Aufgaben für die neue Regierung"><h1>' +
          'Tunesien Große Aufgaben für die neue Regierung</h1>',
      ).title,
      'Große Aufgaben für die neue Regierung',
    );
  });
  it("headline (the cleaners' title): the <h1> when og:title is a section name and <title> tells its story", () => {
    assert.equal(
      titles(
        '<meta property="og:title" content="Pressemitteilungen"><title>BDZV: Olafur Eliasson gestaltet Titelseite' +
          '</title><h1>Olafur Eliasson gestaltet die Titelseite für Zeitungen</h1>',
      ).title,
      'Olafur Eliasson gestaltet die Titelseite für Zeitungen',
    );
  });
  it("headline (the cleaners' title): an <h1> that is the site brand is not the headline", () => {
    assert.equal(
      titles('<title>Yellow Vests and I — Pamela Anderson</title><h1>Pamela Anderson</h1><h1>Yellow Vests and I</h1>')
        .title,
      'Yellow Vests and I',
    );
    assert.equal(
      titles('<title>Werkzeuge des Neandertalers | Steinzeit und Co</title><h1>Steinzeit und Co</h1>').title,
      'Werkzeuge des Neandertalers',
    );
  });
  it('image: the first URL of a srcset pasted into og:image', () => {
    assert.equal(
      meta(
        '<meta property="og:image" content="https://cdn.example.com/a.jpg 3500w, https://cdn.example.com/a.jpg?width=768 768w">',
      ).image,
      'https://cdn.example.com/a.jpg',
    );
  });
  it('image: the article image when nothing is declared', () => {
    assert.equal(
      meta('<img src="/logo.png"><article><img src="/i/icon.png" width="16"><img src="/i/photo.jpg"></article>').image,
      'https://news.example.com/i/photo.jpg',
    );
  });
});

describe('field caps', () => {
  it('cuts an enormous title and description', () => {
    const m = extractMetadata(
      parseHtml(`<title>${'word '.repeat(10000)}</title><meta name="description" content="${'d'.repeat(50000)}">`),
      'https://h.example/',
    );
    assert.ok(m.title.length <= 2000);
    assert.ok(m.description.length <= 5000);
  });
});
