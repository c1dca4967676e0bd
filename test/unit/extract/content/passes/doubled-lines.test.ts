// Doubled lines: a line or card title printed twice (overlay and heading, visible and screen-reader
// copy, a near repeat) is read once; repeats apart and distinct neighbours stand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Block } from '../../../../../src/extract/blocks.js';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { extractContent } from '../../../../../src/extract/content/extract-content.js';
import { renderText } from '../../../../../src/render/text.js';
import {
  dropAdjacentRepeats,
  dropHeadingEchoes,
  dropNearRepeats,
  undoubleLines,
} from '../../../../../src/extract/content/passes/doubled-lines.js';
import { p } from '../../../../support/block-builders.js';

const h = (text: string): Block => ({ type: 'heading', level: 3, children: [{ type: 'text', text }] });
const img: Block = { type: 'image', src: 'https://shop.example/a.jpg', alt: 'Bag', caption: null };
const lines = (blocks: Block[]): string[] =>
  blocks.flatMap((b) =>
    b.type === 'list'
      ? b.items.flatMap((i) => lines(i.children))
      : b.type === 'paragraph' || b.type === 'heading'
        ? [`${b.type[0]}:${(b.children[0] as { text: string }).text}`]
        : [],
  );

test('a line printed twice in one (a visible copy and a screen-reader copy glued) is read once', async () => {
  const { undoubleLines } = await import('../../../../../src/extract/content/passes/doubled-lines.js');
  const p = (...texts: string[]): Block => ({
    type: 'paragraph',
    children: texts.map((text) => ({ type: 'text' as const, text })),
  });
  const out = undoubleLines([
    p('EUR 163.12EUR 163.12'),
    p('Sat, Aug 31', 'Sat, Aug 31'),
    p('Bora Bora'),
    p('abab'),
    p('Seller'),
  ]);
  assert.deepEqual(out[0], p('EUR 163.12'));
  assert.deepEqual(out[1], p('Sat, Aug 31'));
  assert.deepEqual(out[2], p('Bora Bora'), 'a space between the halves: two words, not a copy');
  assert.deepEqual(out[3], p('abab'), 'halves this short are words');
  const same = [p('Seller'), p('Delivery: Varies')];
  assert.equal(undoubleLines(same), same);
});

test("in a grid's reading, a card's title shown twice (an overlay link and its heading) is read once", async () => {
  const { dropNearRepeats } = await import('../../../../../src/extract/content/passes/doubled-lines.js');
  const p = (text: string): Block => ({ type: 'paragraph', children: [{ type: 'text', text }] });
  const title = 'Three words worth a billion dollars';
  const out = dropNearRepeats([
    p(title),
    p('Author name'),
    p('Mar 7'),
    p(title),
    p('7 min read'),
    p('Second card title, long enough'),
    p('a'),
    p('b'),
    p('c'),
    p('Second card title, long enough'),
  ]);
  assert.deepEqual(
    out.map((b) => (b as { children: Array<{ text: string }> }).children[0]!.text),
    [
      title,
      'Author name',
      'Mar 7',
      '7 min read',
      'Second card title, long enough',
      'a',
      'b',
      'c',
      'Second card title, long enough',
    ],
  );
});

test('a grid of cards whose titles are printed twice reads each title once', () => {
  const card = (i: number): string =>
    `<div class="story"><a class="overlay" href="/p/${i}">Story title number ${i} for the grid</a>` +
    `<div class="meta">Author ${i}</div><h3><a href="/p/${i}">Story title number ${i} for the grid</a></h3><p>` +
    `${i} min read</p></div>`;
  const html =
    `<html><head><title>Stories</title></head><body><main><div class="stories">` +
    `${[1, 2, 3, 4, 5, 6].map(card).join('')}</div></main></body></html>`;
  const text = renderText(extractContent(parseHtml(html), 'https://x.test/')!.blocks, { title: null, plain: true });
  assert.equal(text.split('Story title number 3 for the grid').length - 1, 1, text);
});

test('a long paragraph printed again later is read once; short lines and different paragraphs stay', async () => {
  const { undoubleLines } = await import('../../../../../src/extract/content/passes/doubled-lines.js');
  const para = (text: string) => ({ type: 'paragraph' as const, children: [{ type: 'text' as const, text }] });
  const description =
    'The staple tee: enduring comfort in a regular fit, crafted from mid weight combed cotton with a ribbed neck.';
  const out = undoubleLines([
    para(description),
    para('Size guide'),
    para(description),
    para('Size guide'),
    para(description + ' Now in twelve colours.'),
  ]);
  assert.deepEqual(
    out.map((b) => (b.type === 'paragraph' && b.children[0]?.type === 'text' ? b.children[0].text.slice(0, 14) : '')),
    ['The staple tee', 'Size guide', 'Size guide', 'The staple tee'],
  );
});

test("a card's line printed again right after itself is read once; the heading stands", () => {
  const card = (name: string, price: string): { children: Block[] } => ({
    children: [p(name), img, h(name), h(name), p(price), p(price)],
  });
  const list: Block = {
    type: 'list',
    ordered: false,
    start: null,
    items: [card('Dark Roast Coffee', '$19.99'), card('Blueberry Coffee', '$18.99')],
  };
  assert.deepEqual(lines(dropAdjacentRepeats([list])), [
    'h:Dark Roast Coffee',
    'p:$19.99',
    'h:Blueberry Coffee',
    'p:$18.99',
  ]);
});

test('repeats apart, code-like lines and distinct neighbours stand', () => {
  const blocks = [p('Dark Roast'), p('$19.99'), p('Dark Roast'), p('}'), p('}'), p('Blue'), p('Blueberry')];
  assert.equal(dropAdjacentRepeats(blocks), blocks);
});

test("a card in a list item loses its title's near repeat and its price's spaced twin", () => {
  const item = (name: string, price: string): { children: Block[] } => ({
    children: [h(name), p('Sennheiser'), h(name), p(`${price} ${price}`)],
  });
  const list: Block = {
    type: 'list',
    ordered: false,
    start: null,
    items: [item('Sennheiser HD 800S Headphones', '$1,999.95'), item('Sennheiser HDB 630 Wireless', '$499.95')],
  };
  assert.deepEqual(lines(undoubleLines(dropNearRepeats([list]))), [
    'h:Sennheiser HD 800S Headphones',
    'p:Sennheiser',
    'p:$1,999.95',
    'h:Sennheiser HDB 630 Wireless',
    'p:Sennheiser',
    'p:$499.95',
  ]);
  // A struck-through old price beside its new twin of the same amount reads as the price it is now.
  const struck: Block = {
    type: 'paragraph',
    children: [
      { type: 'delete', children: [{ type: 'text', text: '$15.99 ' }] },
      { type: 'text', text: '$15.99' },
    ],
  };
  assert.deepEqual(undoubleLines([struck]), [p('$15.99')]);
  // Words twice over with a space between are words (a place, a refrain), not a doubled figure.
  assert.deepEqual(lines(undoubleLines([p('Bora Bora'), p('$5 $6')])), ['p:Bora Bora', 'p:$5 $6']);
});

test("a card's heading set twice (one per layout) is read once; a paragraph said twice stays", () => {
  const card = (title: string, blurb: string): string =>
    `<div class="teaser"><div class="teaser__video-title"><h3 class="teaser__title">${title}</h3></div>` +
    `<div class="teaser__content"><h3 class="teaser__title">${title}</h3><p>${blurb}</p></div></div>`;
  const refrain = 'We answer the phone within one minute, day or night, every day of the year.';
  const html =
    '<html><head><title>Managed detection | Harbor Security</title></head><body><main>' +
    '<h1>Managed detection and response</h1>' +
    '<p>Our analysts watch your endpoints, cloud workloads and identities around the clock, and act on ' +
    'what they find before it turns into a breach.</p>' +
    card(
      'Threat hunting around the clock',
      'Analysts search your telemetry for the quiet signs of an intruder that no alert has raised yet.',
    ) +
    card(
      'Incident response on call',
      'When something is found, responders contain it within the hour and walk your team through recovery.',
    ) +
    `<p>${refrain}</p><p>${refrain}</p>` +
    '</main></body></html>';
  const text = renderText(extractContent(parseHtml(html), 'https://harbor.example/mdr')!.blocks, {
    title: null,
    plain: true,
  });
  assert.equal(text.split('Threat hunting around the clock').length - 1, 1, text);
  assert.equal(text.split('Incident response on call').length - 1, 1, text);
  assert.equal(text.split(refrain).length - 1, 2, text);
});

test("a line right above a heading that says the same (a hero's display line over its <h1>) goes; the heading stays", () => {
  const title = 'The beginner\u2019s guide to gym equipment';
  const blocks = [
    p(title),
    img,
    h(title),
    p('Gym equipment is the machines, tools and accessories a fitness facility offers.'),
    h('Cardio machines'),
    // A line under a heading restating it, and one above a heading that says something else, stay.
    p('Cardio machines'),
    p('Strength'),
    h('Strength machines'),
  ];
  assert.deepEqual(lines(dropHeadingEchoes(blocks)), [
    `h:${title}`,
    'p:Gym equipment is the machines, tools and accessories a fitness facility offers.',
    'h:Cardio machines',
    'p:Cardio machines',
    'p:Strength',
    'h:Strength machines',
  ]);
  assert.equal(dropHeadingEchoes(blocks)[0], img);
});

test('a reply quoting the post printed above keeps its own words, not the quote; a new quote stays', async () => {
  const { undoubleTop } = await import('../../../../../src/extract/content/passes/doubled-lines.js');
  const post =
    'I am putting together a short course for the staff of a car hire desk. Should I call it car rental ' +
    'English or car hire English?';
  const quoted =
    'When a word has two spellings, pick the one your students will meet at work and stay with it all ' +
    'through the course.';
  const blocks: Block[] = [
    p(post),
    { type: 'quote', children: [p(post)] },
    p('Car hire is the British phrase; car rental the American one.'),
    { type: 'quote', children: [p(quoted)] },
    p('Agreed.'),
  ];
  const out = undoubleTop(blocks);
  assert.deepEqual(out, [blocks[0], blocks[2], blocks[3], blocks[4]]);
});

test('long paragraphs of one length that differ only in a word or two are each kept, and each repeat goes', async () => {
  const { undoubleTop } = await import('../../../../../src/extract/content/passes/doubled-lines.js');
  // A results page's rows: one template, the same length, the same first, middle and last
  // characters; only the figures differ.
  const row = (a: string, b: string): string =>
    `Quarterly report for the northern region: ${a} units shipped, ${b} returned, and the figures ` +
    'were checked by the auditors before the board met.';
  const rows = [row('12', '03'), row('47', '11'), row('12', '03'), row('90', '05'), row('47', '11')];
  assert.equal(new Set(rows.map((r) => r.length)).size, 1);
  const blocks = rows.map((r) => p(r));
  assert.deepEqual(undoubleTop(blocks), [blocks[0], blocks[1], blocks[3]]);
});

test("a section the page prints twice reads its list once; the same list under another section's words stays", () => {
  const intro =
    'Remodelling a house on the coast costs more than most owners expect, and the budget moves with the ' +
    'season, the size of the job and the trades it needs.';
  const factors =
    'Four things set most of the bill, whatever the room: who does the work, what it is built from, how ' +
    'far the job reaches and what the town asks for.';
  const list =
    '<ol><li>Labour: skilled trades are booked months ahead in the summer.</li>' +
    '<li>Materials: stone and hardwood cost twice what laminate does.</li>' +
    '<li>Permits: the town charges by the square metre of the plan.</li></ol>';
  const copy = `<p>${intro}</p><h2>What sets the cost</h2><p>${factors}</p>${list}`;
  // One layout per screen width, both in the markup: the whole section twice.
  const twice =
    '<html><body><main><article><h1>What a remodel costs</h1>' +
    `<div class="wide">${copy}</div><div class="narrow">${copy}</div></article></main></body></html>`;
  const text = (html: string): string => {
    const ex = extractContent(parseHtml(html), 'https://builders.example/blog/remodel-costs');
    return ex ? renderText(ex.blocks, { title: null }) : '';
  };
  const count = (s: string, sub: string): number => s.split(sub).length - 1;
  const once = text(twice);
  assert.equal(count(once, 'Labour: skilled trades'), 1, once);
  assert.equal(count(once, 'Four things set most'), 1, once);

  // Two packages sharing their list of features: each package's own words come before it.
  const pkg = (name: string, words: string): string =>
    `<h2>${name}</h2><p>${words}</p><ul><li>Written by an expert in your field, from your notes.</li>` +
    '<li>Formatted to pass the screening software employers use.</li><li>Two rounds of changes.</li></ul>';
  const packages =
    '<html><body><main><article><h1>Our writing services</h1>' +
    pkg(
      'Resume',
      'A resume written for the job you want next, one or two pages that put your best work first and say it plainly.',
    ) +
    pkg(
      'Curriculum vitae',
      'A full academic record, every post, paper and grant in order, set out the way hiring committees read them.',
    ) +
    '</article></main></body></html>';
  const both = text(packages);
  assert.equal(count(both, 'Written by an expert'), 2, both);
});
