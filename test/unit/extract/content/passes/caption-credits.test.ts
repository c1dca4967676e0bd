import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../../../src/extract/blocks.js';
import { dropFurnitureLines } from '../../../../../src/extract/content/passes/furniture-lines.js';
import { p } from '../../../../support/block-builders.js';

const texts = (blocks: Block[]): string[] =>
  blocks.map((b) => (b.type === 'paragraph' ? (b.children[0] as { text: string }).text : ''));

test("a caption that ends in a copyright credit naming a web address is the picture's, not the text", () => {
  const caption = p('Schneeräumpflicht - was man darüber wissen muss© Rike/pixelio.de');
  const prose = p(
    'Wenn der erste Schnee fällt, ist es höchste Zeit, den Schneeschieber aus dem Keller zu holen. Mehr auf ' +
      'example.de.',
  );
  const sentence = p('Das Bild stammt von © Rike, die es uns überlassen hat. Danke.');
  assert.deepEqual(texts(dropFurnitureLines([caption, prose, sentence])), [texts([prose])[0], texts([sentence])[0]]);
});

test("labels of rails of the site's other pages are lead-ins, not headings of the text", () => {
  const prose = p(
    'Im Winter lohnt sich eine Reise in den Norden, wenn man Zeit und Geduld für die Nordlichter mitbringt, sagt ' +
      'die Reporterin.',
  );
  const labels = [
    'Mehr aus der Sendung',
    'Viel gelesen in Handel',
    'Weitere Tourentipps in Schweden',
    'Diese Artikel könnten dich auch interessieren:',
    'Seguir leyendo:',
  ].map(p);
  assert.deepEqual(texts(dropFurnitureLines([prose, ...labels])), texts([prose]));
  // A sentence that merely starts with such words is prose.
  const sentence = p('Siehe auchdiesen Satz nicht als Label.');
  assert.equal(dropFurnitureLines([sentence]).length, 1);
});

test("how to cite the page, its permalink and a picture viewer's controls are not its text", () => {
  const prose = p(
    'Die Krise zeigt, wie sehr Politik auf Expertinnen angewiesen ist, und wie wenig sie deren Rat zu gewichten weiß.',
  );
  const tools = [
    'SUGGESTED CITATION Sauer, Heiko: Expert*innen in der Krise, VerfBlog, 2020/4/09, https://blog.example/expertinnen/.',
    'Diese Folge zitieren: Podcast: "RES158". 16.08.2019, https://podcast.example/res158/ (CC-BY 4.0)',
    'Permalink: https://news.example/2021/helium.php',
    'Alle Bilder anzeigen',
    'Bild anzeigen Bild schließen',
  ].map(p);
  assert.deepEqual(texts(dropFurnitureLines([prose, ...tools])), texts([prose]));
  // A sentence that speaks of citing is prose.
  assert.equal(dropFurnitureLines([p('Zitieren ist erlaubt, wenn die Quelle genannt wird.')]).length, 1);
});

test("a page tool set as a list item goes; the list's other items stay", () => {
  const item = (text: string) => ({ children: [p(text)] });
  const meta: Block = {
    type: 'list',
    ordered: false,
    start: null,
    items: [item('Date 23.05.2011'), item('Permalien https://p.example/p/RPYx')],
  };
  const out = dropFurnitureLines([meta]);
  assert.equal(out.length, 1);
  assert.deepEqual(
    (out[0] as Extract<Block, { type: 'list' }>).items.map((i) => texts(i.children)),
    [['Date 23.05.2011']],
  );
  // A list of nothing but tools goes; a list item that speaks of a permalink in a sentence stays.
  assert.equal(
    dropFurnitureLines([
      { type: 'list', ordered: false, start: null, items: [item('Permalink: https://news.example/a')] },
    ]).length,
    0,
  );
  const prose: Block = {
    type: 'list',
    ordered: false,
    start: null,
    items: [item('Each post has a permalink you can share.')],
  };
  assert.deepEqual(dropFurnitureLines([prose]), [prose]);
});

test('a line opening with a picture viewer\'s "Vergrößern" link to the picture file is its caption', () => {
  const viewer = (label: string, text: string): Block => ({
    type: 'paragraph',
    children: [
      { type: 'link', href: 'https://img.example/4311932_original.jpg', children: [{ type: 'text', text: label }] },
      { type: 'text', text },
    ],
  });
  const prose = p('Apple setzt beim iPhone 14 auf eine neue Frontkamera, wie der Experte berichtet.');
  assert.deepEqual(
    texts(
      dropFurnitureLines([viewer('Vergrößern', ' Eine kleine runde Aussparung für die Kamera im Display.'), prose]),
    ),
    texts([prose]),
  );
  // Another label, or a link to a page, is a sentence's link.
  const other = viewer('Das Foto', ' zeigt eine kleine runde Aussparung für die Kamera.');
  assert.equal(dropFurnitureLines([other]).length, 1);
  const page: Block = {
    type: 'paragraph',
    children: [
      { type: 'link', href: 'https://news.example/iphone', children: [{ type: 'text', text: 'Enlarge' }] },
      { type: 'text', text: ' your view of the new phone.' },
    ],
  };
  assert.equal(dropFurnitureLines([page]).length, 1);
});

test("rail labels of recommendations, a listing's count line and pingbacks are not the text", () => {
  const prose = p('Die Autohäuser dürfen ab Montag wieder öffnen, wenn sie die Hygieneregeln einhalten.');
  const lines = [
    'Weitere Informationen zum Coronavirus in Thüringen:',
    'Heute empfehlen wir',
    'Es werden die Weine 1 bis 10 von insgesamt 19 angezeigt!',
    'Showing 1–12 of 40 results',
    '1. Pingback von Too much information | 11.09.2011 23:31',
  ].map(p);
  assert.deepEqual(texts(dropFurnitureLines([prose, ...lines])), texts([prose]));
  // A pingback in the list of comments goes with its excerpt; a comment stays.
  const pingback = {
    children: [p('Pingback von Lesezeichen | 11.09.2011 23:31'), p('[…] Gefällt mir – Unlängst spazierte ich […]')],
  };
  const comment = { children: [p('Anna sagt: Schöne Geschichte!')] };
  const out = dropFurnitureLines([{ type: 'list', ordered: true, start: null, items: [pingback, comment] }]);
  assert.deepEqual(
    (out[0] as Extract<Block, { type: 'list' }>).items.map((i) => texts(i.children)),
    [['Anna sagt: Schöne Geschichte!']],
  );
  // Sentences that merely use the words stay.
  assert.equal(
    dropFurnitureLines([
      p('Heute empfehlen wir Ihnen einen Ausflug an den See, denn das Wetter ist gut und die Wege sind frei.'),
    ]).length,
    1,
  );
});

test("a journal's paywall offer under an article preview is not the article", () => {
  const prose = p(
    'DRESS syndrome is a serious reaction to many drugs used in rheumatic diseases, with a potentially fatal outcome.',
  );
  const offer = [
    'Access options',
    'Buy single article',
    'Instant access to the full article PDF.',
    'Immediate online access to all issues from 2019. Subscription will auto renew annually.',
  ].map(p);
  assert.deepEqual(texts(dropFurnitureLines([prose, ...offer])), texts([prose]));
  assert.equal(dropFurnitureLines([p('Readers want instant access to the full article, the study found.')]).length, 1);
});

test('the label of a contact box under a press release or post is not the text', () => {
  const prose = p(
    'Die Bundesregierung hat erste Zusagen für die Aufnahme von über 80 Menschen aus Afghanistan gegeben.',
  );
  const labels = ['Kontaktieren Sie uns gerne auch direkt:', 'Pressesprecher*in Markus Ulrich', 'Contact us:'].map(p);
  assert.deepEqual(texts(dropFurnitureLines([prose, ...labels])), texts([prose]));
  assert.equal(dropFurnitureLines([p('Kontaktieren Sie uns, wenn Sie Fragen zum Programm haben.')]).length, 1);
});
