// A list of links the article's own lead-in introduces ("You will need:") is the article naming
// what it uses (tools, books, courses, sources): read, whether the lead-in is a paragraph or a
// subheading ("Supply list:"); so is one set in the run of the text, a
// sentence of prose before it and the text going on after it. The same list under a lead-in of
// other pages ("Related posts:"), after a sentence with nothing of the text after it in its box,
// or made of labelled links ("Also check: [...]"), is a link list, left out as before.
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

const page = (lead: string, after = prose): string =>
  `<html><body><article><h1>How to refinish a dresser</h1>${prose}${lead}${tools}${after}</article></body></html>`;

const sentence = '<p>We tried several of these on the dresser before settling on the ones below.</p>';

test('a list of links under the text lead-in that introduces it is read', () => {
  const text = contentText(page('<p>Here is everything you will need for this project:</p>'));
  assert.match(text, /Lead paint testing kit/);
  assert.match(text, /Chemical resistant gloves/);
});

test('a list of links under a subheading that introduces it with a colon is read; under a heading of other pages it is not', () => {
  const read = contentText(page('<h3>Supply list:</h3>'));
  assert.match(read, /Lead paint testing kit/);
  assert.match(read, /Chemical resistant gloves/);
  for (const lead of ['<h3>Related posts:</h3>', '<h3>Supplies</h3>']) {
    const text = contentText(page(lead));
    assert.doesNotMatch(text, /Lead paint testing kit/, `lead: ${lead}`);
    assert.match(text, /Refinishing an old dresser/);
  }
});

test('a list of links between a sentence of the text and the text going on is read', () => {
  for (const after of [prose, `<h2>Applying the finish</h2>${prose}`]) {
    const text = contentText(page(sentence, after));
    assert.match(text, /Lead paint testing kit/, `after: ${after.slice(0, 30)}`);
    assert.match(text, /Chemical resistant gloves/);
  }
});

test('after a sentence, a list with nothing of the text after it, in a box of its own, or of labelled links is a link list', () => {
  const article = (body: string): string =>
    `<html><body><article><h1>How to refinish a dresser</h1>${prose}${body}</article></body></html>`;
  const last = article(sentence + tools);
  const boxed = article(`${sentence}<div>${tools}</div>${prose}`);
  const labelled = article(
    `${sentence}<ul><li>Also check: <a href="https://shop.example/guide">Our guide to wood stains</a></li>` +
      `<li>Don't miss: <a href="https://shop.example/sale">The spring sale on sanders</a></li></ul>${prose}`,
  );
  for (const html of [last, boxed, labelled, page('<p>You might also like these projects.</p>')]) {
    const text = contentText(html);
    assert.doesNotMatch(text, /Lead paint testing kit|Our guide to wood stains/);
    assert.match(text, /Refinishing an old dresser/);
  }
});

test('the same list under a lead-in of other pages is a link list', () => {
  for (const lead of ['<p>Related posts:</p>']) {
    const text = contentText(page(lead));
    assert.doesNotMatch(text, /Lead paint testing kit/, `lead: ${lead}`);
    assert.match(text, /Refinishing an old dresser/);
  }
});
