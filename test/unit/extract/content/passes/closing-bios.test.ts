import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropClosingBios } from '../../../../../src/extract/content/passes/closing-bios.js';
import type { Block } from '../../../../../src/extract/blocks.js';
import { h, p } from '../../../../support/block-builders.js';

const body = [
  p('The council voted on Tuesday to keep the ferry running through the winter, after a year of petitions.'),
  p('Jane Doe, who organised the petition, said the vote was the first good news the island had had in months.'),
  p('The ferry will run twice a day from November to March, at a cost the council puts at forty thousand pounds.'),
];
const authors = () => ['Jane Doe', 'John Roe'];

test("the closing paragraphs that open with a declared author's name go, up to three", () => {
  const bios = [
    p('Jane Doe is a reporter covering the islands and their transport links.'),
    p('John Roe ist Fotograf und lebt in Hamburg.'),
  ];
  assert.deepEqual(dropClosingBios([...body, ...bios], authors), body);
});

test("the author's name elsewhere, or not followed by a sentence about them, stays", () => {
  // Mid-article (the second paragraph) and a closing line that is not about the writer.
  const closing = [...body, p('Jane Doe: "We will be back next year if it stops."')];
  assert.deepEqual(dropClosingBios(closing, authors), closing);
  // A name the page does not declare as its author.
  const other = [...body, p('Mary Major is a ferry captain who has run the route for twenty years.')];
  assert.deepEqual(dropClosingBios(other, authors), other);
});

test('a note followed only by pictures (a "watch next" thumbnail) still goes; the pictures stay', () => {
  const picture: Block = { type: 'image', src: 'https://news.example/thumb.jpg', alt: 'Watch next', caption: null };
  const bio = p('Jane Doe is a reporter covering the islands and their transport links.');
  assert.deepEqual(dropClosingBios([...body, bio, picture], authors), [...body, picture]);
});

test('a page that is mostly the note (a profile of the writer) keeps it', () => {
  const profile = [
    p('About me'),
    p('Jane Doe is a reporter covering the islands and their transport links, and has written here since 2009.'),
  ];
  assert.deepEqual(dropClosingBios(profile, authors), profile);
});

test("the page's authors are not read unless the close could open with a name", () => {
  let asked = 0;
  const counting = () => {
    asked++;
    return authors();
  };
  dropClosingBios([...body, p('the end of the story, in lower case.')], counting);
  assert.equal(asked, 0);
});

const portrait = (alt: string): Block => ({
  type: 'image',
  src: 'https://news.example/people/1.jpg',
  alt,
  caption: null,
});
const none = () => [];

test('a closing author card goes with no declared author: a portrait named for the writer, then their note', () => {
  // The note opens with the first name; the card's heading and a role line come along.
  const header = [h('About the author'), portrait('Mary Major'), h('Mary Major'), p('Staff writer')];
  const note = [p('Mary has written about the islands since 2018.'), p('Her work has appeared in the Courier.')];
  const card = [...header, ...note];
  assert.deepEqual(dropClosingBios([...body, ...card], none), body);
  // The full name with credentials after a comma.
  const credited = [portrait('Mary Major, CFP'), p('Mary Major, CFP, is an analyst covering transport.')];
  assert.deepEqual(dropClosingBios([...body, ...credited], none), body);
});

test("a closing picture whose caption is not a person's note stays: a product card, a photo of a place", () => {
  const product = [
    portrait('Marcy Folding Treadmill'),
    p('Marcy Folding Treadmill'),
    p('3.9 out of 5 Stars. 72 reviews'),
  ];
  assert.deepEqual(dropClosingBios([...body, ...product], none), [...body, ...product]);
  const place = [portrait('Harbour at dusk'), p('The ferry leaves the harbour at dusk.')];
  assert.deepEqual(dropClosingBios([...body, ...place], none), [...body, ...place]);
  // The note goes on past three paragraphs: the article's, not a card.
  const long = [portrait('Mary Major'), p('Mary is a captain.'), p('She sails.'), p('She fishes.'), p('She rows.')];
  assert.deepEqual(dropClosingBios([...body, ...long], none), [...body, ...long]);
});

test('a page that is mostly the card (a profile) keeps it', () => {
  const profile = [
    portrait('Mary Major'),
    p('Mary Major is a reporter covering the islands and their transport links, and has written here since 2009.'),
  ];
  const page = [p('Meet our team'), ...profile];
  assert.deepEqual(dropClosingBios(page, none), page);
});
