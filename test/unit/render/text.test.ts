import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderText } from '../../../src/render/text.js';
import { a, code, h, numbered, ol, p, t, table, ul } from './helpers.js';
import { renderMarkdown } from '../../../src/render/markdown.js';
import type { Block, Inline } from '../../../src/extract/blocks.js';

test('one block per line, whitespace collapsed, no empty lines at the ends', () => {
  const out = renderText([h(2, '  Big\n  news  '), p(t('\n  First   line\tof text. ')), p(t('   ')), p(t('Second.'))]);
  assert.equal(out, 'Big news\nFirst line of text.\nSecond.');
});

test('links inline as [text](url); dropped links keep their text; empty links vanish', () => {
  const out = renderText([
    p(
      t('Read '),
      a('https://example.com/a', t(' the  guide ')),
      t('or '),
      a(null, t('this')),
      t('.'),
      a('https://example.com/x'),
    ),
  ]);
  assert.equal(out, 'Read [the guide](https://example.com/a) or this.');
});

test('a space at the start of a wrapper inside a wrapper moves out of both: the words stay apart', () => {
  const strong = (...children: Inline[]): Inline => ({ type: 'strong', children });
  const line = p(strong(t('2.')), a('https://m.example/', strong(t(' Metropolis Moving'))), t(' and'));
  assert.equal(renderText([line]), '2. [Metropolis Moving](https://m.example/) and');
  assert.equal(renderMarkdown([line]), '**2.** [**Metropolis Moving**](https://m.example/) and');
  const nothing = p(t('foo'), a('https://x.example/', { type: 'emphasis', children: [strong(t(' '))] }), t('bar'));
  assert.equal(renderText([nothing]), 'foo bar');
});

test('emphasis and inline code lose their markup in text', () => {
  const out = renderText([
    p(t('a '), { type: 'strong', children: [t('bold')] }, t(' and '), { type: 'code', text: 'x = 1' }),
  ]);
  assert.equal(out, 'a bold and x = 1');
});

test('list items are lines; ordered items keep their numbers; nested items follow their parent', () => {
  const out = renderText([
    ol(3, [p(t('Preheat'))], [p(t('Mix')), ul([p(t('flour'))], [p(t('eggs'))])]),
    ul([p(t('tip'))]),
  ]);
  assert.equal(out, '3. Preheat\n4. Mix\nflour\neggs\ntip');
});

test("ordered items show the page's own numbers: a countdown, a jump, and the items that count on from it", () => {
  assert.equal(
    renderText([numbered([3, [p(t('bronze'))]], [2, [p(t('silver'))]], [1, [p(t('gold'))]])]),
    '3. bronze\n2. silver\n1. gold',
  );
  const jump: Block = {
    type: 'list',
    ordered: true,
    start: 3,
    items: [{ children: [p(t('north'))] }, { children: [p(t('mill'))], number: 7 }, { children: [p(t('park'))] }],
  };
  assert.equal(renderText([jump]), '3. north\n7. mill\n8. park');
});

test('table rows are lines with cells joined by " | "; empty cells at row ends dropped', () => {
  assert.equal(renderText([table(['Name', 'Age'], ['Ada', '36'], ['', ''])]), 'Name | Age\nAda | 36');
  assert.equal(renderText([table(['', 'Name', '', 'Age', ''], ['', 'Ada', '', '36', ''])]), 'Name | | Age\nAda | | 36');
});

test('code keeps its lines and indentation', () => {
  assert.equal(renderText([code('py', '\n\ndef f():\n    return 1   \n\n')]), 'def f():\n    return 1');
});

test('title comes first when given', () => {
  assert.equal(renderText([p(t('Body'))], { title: ' The  Title ' }), 'The Title\nBody');
  assert.equal(renderText([p(t('Body'))], { title: null }), 'Body');
});

test('images: captions are text, a linked image gives its alt as the link text', () => {
  const out = renderText([
    { type: 'image', src: 'https://example.com/i.png', alt: 'A cat', caption: [t('Our cat')] },
    { type: 'image', src: 'https://example.com/j.png', alt: 'ignored', caption: null },
    p(a('https://example.com/', { type: 'image', src: 'https://example.com/logo.png', alt: 'Home' })),
  ]);
  assert.equal(out, 'Our cat\n[Home](https://example.com/)');
});

test('soft hyphens (&shy;) are dropped, in text and in link text, so words read whole', () => {
  const out = renderText([
    h(2, 'Alte Klo\u00adne'),
    p(
      t('Die Win\u00adzer \u00ad am Hang '),
      a('https://example.com/v', t('Wein\u00adbau\u00adge\u00adnos\u00adsen\u00adschaft')),
      t('.'),
    ),
    p(t('\u00ad')),
  ]);
  assert.equal(out, 'Alte Klone\nDie Winzer am Hang [Weinbaugenossenschaft](https://example.com/v).');
});
