import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dropClosingBios } from '../../../../../src/extract/content/passes/closing-bios.js';
import type { Block } from '../../../../../src/extract/blocks.js';
import { p } from '../../../../support/block-builders.js';

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
