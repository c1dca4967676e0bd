// Furniture lines: an affiliate notice alone is furniture, a sentence tagging its link is prose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropFurnitureLines } from '../../../../../src/extract/content/passes/furniture-lines.js';
import { p, texts } from '../../../../support/block-builders.js';
import type { Block } from '../../../../../src/extract/blocks.js';
import { SUPPORT_APPEAL_PHRASES } from '../../../../../src/extract/vocabulary/phrases/calls.js';

test('a sentence tagging its link "(affiliate link)" is prose; the notice alone is furniture', () => {
  const intro = p(
    "I love a meal with crispiness and crunch, and these air fryer recipes deliver! If you're looking to purchase " +
      'an air fryer, this is my pick. (affiliate link)',
  );
  const notice = p('This post contains affiliate links.');
  const short = p('Our pick (affiliate link)');
  assert.deepEqual(texts(dropFurnitureLines([intro, notice, short, p('Crispy Air Fryer Tofu')])), [
    (intro.type === 'paragraph' && (intro.children[0] as { text: string }).text) || '',
    'Crispy Air Fryer Tofu',
  ]);
});

test("a script's waiting and failure messages are furniture; prose about an error is not", () => {
  const prose = 'The command exits with status 0 even if an error occurred while reading a file.';
  const blocks = [
    p('Loading...'),
    p('There was a problem calculating your shipping. Please try again.'),
    p('Oops! Something went wrong.'),
    p('Ein Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.'),
    p(prose),
    p('Loading bays are at the back of the building.'),
  ];
  assert.deepEqual(texts(dropFurnitureLines(blocks)), [prose, 'Loading bays are at the back of the building.']);
});

test("a post's or comment's Reply button is furniture; a reply's words are not", () => {
  const question = 'Has anyone flown the new lie-flat seats on the morning service yet?';
  const answer = 'Yes, last week: the seats are wider but the cabin was cold.';
  const prose = 'Reply to this: the answer is in the first post.';
  const lines = [question, 'Reply', answer, 'Reply (2)', 'Replies', prose];
  assert.deepEqual(texts(dropFurnitureLines(lines.map((text) => p(text)))), [question, answer, prose]);
});

test('an appeal for support is furniture in any case; each appeal phrase holds the word scanned for first', () => {
  const prose = 'The club supported the plan, and its members voted for it at the meeting in March.';
  const appeals = ['WOULD YOU CONSIDER SUPPORTING OUR WORK?', 'Unterstütze RosaMag bereits mit 2,50 €!', 'Apóyanos'];
  assert.deepEqual(texts(dropFurnitureLines([...appeals, prose].map((line) => p(line)))), [prose]);
  // A phrase's word written in it, as plain text: a line without the word cannot hold the phrase.
  for (const [word, phrase] of SUPPORT_APPEAL_PHRASES) {
    assert.ok(phrase.includes(word), phrase);
    assert.match(word, /^[\p{L} -]+$/u);
  }
});

test("a post's category or tag field is furniture beside its date or as a list; a sentence naming one is prose", () => {
  const linked: Block = {
    type: 'paragraph',
    children: [
      { type: 'text', text: '24.01.2022 11:38 Kategorie: ' },
      { type: 'link', href: 'https://example.org/news', children: [{ type: 'text', text: 'News' }] },
    ],
  };
  const kept = [
    'Optimize Title Tags: Use primary keywords early in your titles and make them enticing.',
    'Capital gains taxes fall into two categories: long-term and short-term.',
    'Category:Portage',
    'Kategorie: Erste Versuche',
  ];
  const fields = ['News date : 04/21/2022 Category : Press Releases', 'Tags: Employment, Health & Fitness, Fenaroli'];
  assert.deepEqual(texts(dropFurnitureLines([linked, ...[...fields, ...kept].map((line) => p(line))])), kept);
});

test("a listing's result count and sort labels are furniture; a sentence about results or sorting is prose", () => {
  const prose = [
    'Sort the results by date to see the newest first.',
    '143 results came back from the survey, most of them by post.',
    'Show: The Lion King',
    '5 items per box',
  ];
  const bar = [
    'loaded 143 results',
    '1,072 results',
    '(143 products)',
    'Products (83)',
    'Showing 1–24 of 143',
    'Sort by:',
    'Sort: Best Match',
    'Sort by',
    'Show:',
    '24 Ergebnisse',
  ];
  assert.deepEqual(texts(dropFurnitureLines([...bar, ...prose].map((line) => p(line)))), prose);
});

test("a post's reading time is furniture, alone or beside its date or byline; a sentence giving one is prose", () => {
  const prose = 'This guide is a 5 min read.';
  const list = '15 minutes reading the paper';
  const lines = [
    '5 min read',
    'Dec 18, 2025 ⋅ 15 min read',
    '3 MIN. READ',
    'by Jacob Trussell—10 min read',
    'December 15, 2025 // 8 min read',
    'Lesezeit: 3 Min.',
    'Temps de lecture : 5 min',
    prose,
    list,
  ];
  assert.deepEqual(texts(dropFurnitureLines(lines.map((text) => p(text)))), [prose, list]);
});
