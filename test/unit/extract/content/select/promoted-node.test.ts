import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://bake.example/recipes/everyday-sourdough');

const STEP =
  'Stir the starter, water and flour together in a large bowl, cover it, and let the dough rest at room ' +
  'temperature until it is bubbly and has grown.';

test('a node flagged "promoted" (to the front page) is the article, not a promo box', () => {
  const steps = [1, 2, 3, 4, 5].map((n) => `<li><p>Step ${n}. ${STEP}</p></li>`).join('');
  const html =
    `<html><head><script type="application/ld+json">` +
    `{"@context":"https://schema.org","@type":"Article","headline":"Everyday sourdough"}</script></head><body>` +
    `<main class="main"><section class="page-content-header"><h1>Everyday sourdough</h1><p>` +
    `This delicious sourdough bread is wonderfully tangy and totally forgiving: no kneading, no shaping, no ` +
    `feeding.</p></section><section class="page-content"><div class="region region-content">
<div class="node node--type-recipe node--promoted node--view-mode-full"><div class="node__content">` +
    `<section class="recipe recipe--detail"><div class="rich-text"><p>Our easiest sourdough loaf.</p></div>` +
    `<article class="recipe__instructions"><h2>Instructions</h2><div class="field field--recipe-steps">` +
    `<ol class="list--numbers">${steps}</ol></div></article></section></div></div>
</div></section></main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Step 1. Stir the starter'), text);
  assert.ok(text.includes('Step 5. Stir the starter'), text);
});

test('a promo box is still one', () => {
  const html =
    `<html><body><main><article class="post"><p>${STEP}</p><p>${STEP}</p><p>${STEP}</p>
<div class="promo-box"><div><div><p>Get 20% off your first order of flour today only.</p></div></div></div>` +
    `</article></main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('Stir the starter'), text);
  assert.ok(!text.includes('20% off'), text);
});
