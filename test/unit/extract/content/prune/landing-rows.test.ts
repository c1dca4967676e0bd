import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://docs.example/get-started/overview');

const prose = (topic: string): string =>
  `Learn how ${topic} fits into your app, with step-by-step instructions, examples you can run and the reasons ` +
  `behind each choice.`;

/** One row of a landing page: a heading over a paragraph, or over cards with linked titles. */
function textRow(cls: string, title: string): string {
  return (
    `<section class="landing-row ${cls}"><div class="row-inner"><h2>${title}</h2><p>${prose(title)} ` +
    `${prose(title + ' again')}</p></div></section>`
  );
}
function cardRow(cls: string, heading: string, cards: string[]): string {
  const items = cards.map(
    (c, i) =>
      `<div class="row-item"><a href="/guide/${i}"><img src="/img/${i}.png" alt=""></a>
<h3><a href="/guide/${c.toLowerCase().replace(/\W+/g, '-')}">${c}</a></h3><p>${prose(c)}</p>
<div class="buttons"><a class="button" href="/guide/${i}">Get started</a> ` +
      `<a class="button" href="/guide/${i}/more">Read the guides</a></div></div>`,
  );
  return (
    `<section class="landing-row ${cls}"><div class="row-inner">` +
    `${heading ? `<h2>${heading}</h2>` : ''}${items.join('')}</div></section>`
  );
}

function landingPage(rows: string): string {
  return `<html><head><title>Get started | Example Developers</title></head><body>
<nav><a href="/">Home</a> <a href="/docs/">Docs</a> <a href="/community/">Community</a></nav>
<main><article><div class="article-body">${rows}</div></article></main>
<footer><a href="/terms/">Terms</a> <a href="/privacy/">Privacy</a></footer></body></html>`;
}

test("a landing page's rows of cards (linked titles, prose, buttons) are read with the rows of their kind beside them", () => {
  const text = contentText(
    landingPage(
      textRow('intro', 'Get started with the toolkit') +
        textRow('steps', 'Build your first project') +
        cardRow('promo', '', ['Start the basics course', 'Browse learning resources']) +
        cardRow('resources', 'Assemble your toolkit', [
          'Compose user interfaces',
          'Write in one language',
          'Use the libraries',
        ]) +
        textRow('quality', 'Quality matters'),
    ),
  );
  assert.match(text, /Build your first project/);
  assert.match(text, /Start the basics course/);
  assert.match(text, /Learn how Browse learning resources fits/);
  assert.match(text, /Assemble your toolkit/);
  assert.match(text, /Learn how Use the libraries fits/);
  assert.match(text, /Quality matters/);
  assert.doesNotMatch(text, /Get started\n|Read the guides/);
});

test('a row of cards with no kept row of its kind beside it stays left out', () => {
  const text = contentText(
    landingPage(
      textRow('intro', 'Get started with the toolkit') +
        textRow('steps', 'Build your first project') +
        cardRow('promo', '', ['Start the basics course', 'Browse learning resources']),
    ).replace(/<section class="landing-row promo">/, '<section class="offer-row promo">'),
  );
  assert.match(text, /Build your first project/);
  assert.doesNotMatch(text, /Start the basics course|Browse learning resources/);
});
