// A list of links the article's own lead-in introduces ("You will need:") is the article naming
// what it uses (tools, books, courses, sources): read. The same list under a lead-in of other
// pages ("Related posts:"), under a sentence that does not announce it, or standing alone is a
// link list, left out as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://workshop.example/refinish-a-dresser/');

const prose =
  '<p>Refinishing an old dresser takes a weekend, a well-aired room and some patience, but the result ' +
  'lasts for years, and the wood underneath the old paint is often far better than you expect.</p>' +
  '<p>Start by taking out the drawers and the handles, then test the old paint for lead before you sand, ' +
  'because older furniture was often painted with it, and sanding spreads the dust through the house.</p>' +
  '<p>Once the surface is clean, sand with the grain, wipe off the dust with a damp cloth, and let the ' +
  'wood dry overnight before the first coat of stain or oil goes on, thinly and evenly.</p>';

const tools =
  '<ul><li><a href="https://shop.example/lead-test-kit">Lead paint testing kit</a></li>' +
  '<li><a href="https://shop.example/stripper">Citrus paint stripper</a></li>' +
  '<li><a href="https://shop.example/brush">Chip brush</a></li>' +
  '<li><a href="https://shop.example/gloves">Chemical resistant gloves</a></li></ul>';

const page = (lead: string): string =>
  `<html><body><article><h1>How to refinish a dresser</h1>${prose}${lead}${tools}${prose}</article></body></html>`;

test('a list of links under the text lead-in that introduces it is read', () => {
  const text = contentText(page('<p>Here is everything you will need for this project:</p>'));
  assert.match(text, /Lead paint testing kit/);
  assert.match(text, /Chemical resistant gloves/);
});

test('the same list under a lead-in of other pages, a sentence or nothing is a link list', () => {
  for (const lead of ['<p>Related posts:</p>', '<p>We sell all of these in our own shop.</p>', '']) {
    const text = contentText(page(lead));
    assert.doesNotMatch(text, /Lead paint testing kit/, `lead: ${lead}`);
    assert.match(text, /Refinishing an old dresser/);
  }
});
