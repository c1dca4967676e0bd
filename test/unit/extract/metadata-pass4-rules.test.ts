// Rules of the fourth pass over the metadata dev set's misses (issue 12): each generic (what a
// careful reader does on any page), each on a small page of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';

const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);

describe('description: cut short', () => {
  it('takes the whole declared text a description with an ellipsis was cut from', () => {
    const full = 'Saubere Sache: the cleaning company grows beyond its home region and now opens an office in the capital.';
    assert.equal(meta(`<meta property="og:description" content="Saubere Sache: the cleaning company grows beyond its ho..."><meta name="description" content="${full}">`).description, full);
  });
  it('keeps the cut one when no declared source goes on with it (the lead paragraph is not a completion)', () => {
    const cut = 'Saubere Sache: the cleaning company grows beyond its home region and now...';
    assert.equal(meta(`<meta property="og:description" content="${cut}"><article><p>Saubere Sache: the cleaning company grows beyond its home region and now opens an office in the capital.</p></article>`).description, cut);
  });
  it('keeps a description without an ellipsis even when another one is longer', () => {
    assert.equal(meta('<meta property="og:description" content="The short form of the teaser text for this page, as declared."><meta name="description" content="The short form of the teaser text for this page, as declared. And more.">').description, 'The short form of the teaser text for this page, as declared.');
  });
});

describe('author: "By" in an element of its own', () => {
  it('reads the name in the element after a "By" element', () => {
    assert.equal(meta('<h1>Story</h1><div><span>By</span><span><a href="/about/team/jane">Jane Doe</a></span><span>KTRK</span></div>').author, 'Jane Doe');
  });
  it('reads past a separator printed before the label ("| By")', () => {
    assert.equal(meta('<h1>Story</h1><div><span class="sr">| By </span> <span>Cara Stiles</span> | <time>April 13, 2020</time></div>').author, 'Cara Stiles');
  });
  it('needs a colon after "Author" or "Text" (a heading, not a label)', () => {
    assert.equal(meta('<h1>Story</h1><h3>Author</h3><p>Jane Doe</p>').author, null);
    assert.equal(meta('<h1>Story</h1><b>Autor:</b> Jane Doe').author, 'Jane Doe');
  });
});

describe('title: a site name with separators of its own', () => {
  it('cuts a multi-part og:site_name from the end of the title', () => {
    assert.equal(meta('<meta property="og:site_name" content="AOC media - Analyse Opinion Critique"><meta property="og:title" content="Pour le néolibéralisme, la retraite est un archaïsme | AOC media - Analyse Opinion Critique">').title, 'Pour le néolibéralisme, la retraite est un archaïsme');
  });
  it('cuts a multi-part logo <h1> from the end of the title', () => {
    assert.equal(meta('<title>Enchufla Figuren - Salsa-Figuren - Rueda in Berlin</title><h1><a href="/"><span>Salsa-Figuren - Rueda in Berlin</span></a></h1>').title, 'Enchufla Figuren');
  });
  it('cuts a site name joined with "|" without spaces', () => {
    assert.equal(meta('<meta property="og:site_name" content="NEWS WEB EASY"><meta property="og:title" content="NEWS WEB EASY|子どもへの体罰を禁止する法律ができる">').title, '子どもへの体罰を禁止する法律ができる');
  });
  it('keeps a title whose remainder would be a single word', () => {
    assert.equal(meta('<meta property="og:site_name" content="Big - Site"><meta property="og:title" content="Geschichte | Big - Site">').title, 'Geschichte | Big - Site');
  });
});

describe('title: a kicker marked off in the <h1>', () => {
  it('takes the main line when the declared title is the whole <h1>, kicker and hidden separator included', () => {
    const h1 = '<h1><span class="kicker">Klimaschutz</span><span class="visually-hidden">: </span><span class="title">Bohren, bis es heiß wird</span></h1>';
    assert.equal(meta(`<meta property="og:title" content="Klimaschutz: Bohren, bis es heiß wird">${h1}`).title, 'Bohren, bis es heiß wird');
  });
  it('keeps the declared title when the <h1> only styles a word (no separator element)', () => {
    assert.equal(meta('<title>Meta-Programming In Emacs Using Defadvice</title><h1>Meta-Programming In Emacs Using <b>defadvice</b></h1>').title, 'Meta-Programming In Emacs Using Defadvice');
  });
  it('reads a kicker over a separator element as a kicker when the <h1> replaces the declared title', () => {
    const h1 = '<h1><span>Strompreisbremse – Erlösabschöpfung</span><span class="invisible">: </span><span>Bundesregierung drosselt Bioenergie, Branche protestiert</span></h1>';
    assert.equal(meta(`<meta property="og:title" content="Strompreisbremse, Erlösabschöpfung: Bundesregierung drosselt Bioenergie">${h1}`).title, 'Bundesregierung drosselt Bioenergie, Branche protestiert');
  });
});
