// Rules of the seventh pass over the metadata dev set's misses (issue 12): each generic (what a
// careful reader does on any page), each on a small page of its own.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../src/parse/parse-html.js';
import { extractMetadata } from '../../../src/extract/metadata/index.js';

const meta = (html: string, url = 'https://news.example.com/story') => extractMetadata(parseHtml(html), url);

describe('title: the brand and sections around the story', () => {
  it('cuts the part naming the site by its host ("Story » Pronats e.V." on pronats.de)', () => {
    assert.equal(meta('<title>Kinder und Arbeit » ProNATs e.V.</title>', 'https://www.pronats.de/kinder-und-arbeit/').title, 'Kinder und Arbeit');
  });
  it('cuts short sections standing before the brand ("Story | iPhone | Forum | Brand")', () => {
    const html = '<meta property="og:site_name" content="MacTechNews.de"><title>kein App Store mehr über Mobile Daten ? | iPhone | Forum | MacTechNews.de</title>';
    assert.equal(meta(html).title, 'kein App Store mehr über Mobile Daten ?');
  });
  it('reads the site name of a logo <h1> from its image alt or link title', () => {
    const html = '<title>Media Architecture | Jens Weber</title><h1><a href="/"><img src="/logo.gif" alt="Media Architecture"></a></h1>';
    assert.equal(meta(html, 'https://example.org/jens-weber/').title, 'Jens Weber');
    const linked = '<title>Kein App Store über Mobile Daten | Forum | Mac News</title><h1><a href="https://example.org/" title="Mac News"></a></h1>';
    assert.equal(meta(linked, 'https://example.org/forum/1').title, 'Kein App Store über Mobile Daten');
  });
  it('cuts a host-named brand followed by its own marks ("example.de // » Story")', () => {
    assert.equal(meta('<title>mediaarchitecture.de // » Jens Weber</title>', 'http://mediaarchitecture.de/jens-weber/').title, 'Jens Weber');
  });
  it('reads the name line of a logo <h1> that carries a slogan', () => {
    const html = '<title>Kinder und Arbeit » ProNATs e.V.</title><h1 id="branding"><a href="/"><span>ProNATs e.V.</span> <span class="slogan">Verein zur Unterstützung arbeitender Kinder</span></a></h1>';
    assert.equal(meta(html, 'https://example.org/kinder/').title, 'Kinder und Arbeit');
  });
});

describe('title: the <h1> as the page prints it', () => {
  it('takes the main line when the declared title is only the <h1> kicker', () => {
    const html = '<title>Wurmkiste | selbst.de</title><meta property="og:site_name" content="selbst.de"><h1><span class="roofline">Wurmkiste</span> Wurmkiste selber bauen</h1>';
    assert.equal(meta(html).title, 'Wurmkiste selber bauen');
  });
  it('takes the main line when the declared title starts with the kicker', () => {
    const html = '<title>Initiative EnergieEffizienz - kostenloser Stromcheck | Ökologisch Bauen</title><meta property="og:site_name" content="Ökologisch Bauen"><h1><span class="h1small">Initiative EnergieEffizienz</span> Kostenloser Stromcheck für private Haushalte</h1>';
    assert.equal(meta(html).title, 'Kostenloser Stromcheck für private Haushalte');
  });
  it('keeps the declared title when the kicker is not part of it', () => {
    const html = '<title>Autohäuser rechnen mit Ansturm</title><h1><span>Lockerungen</span> Autohäuser rechnen mit Ansturm</h1>';
    assert.equal(meta(html).title, 'Autohäuser rechnen mit Ansturm');
  });
  it('takes the <h1> written in capitals when it is the declared title', () => {
    assert.equal(meta('<meta property="og:title" content="Transformationslabor Ernährung"><h1>TRANSFORMATIONSLABOR ERNÄHRUNG</h1>').title, 'TRANSFORMATIONSLABOR ERNÄHRUNG');
  });
  it('keeps the declared title when the capital <h1> is something else', () => {
    assert.equal(meta('<meta property="og:title" content="Transformationslabor Ernährung"><h1>AKTUELLES</h1>').title, 'Transformationslabor Ernährung');
  });
});
