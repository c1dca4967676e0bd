import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { isProseWidget } from '../../../../../src/extract/content/exclude/prose-widgets.js';
import { findElement } from '../../../../../src/extract/dom/walk.js';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://guides.example/best-accounting-software');

const INTRO =
  'The right accounting software can save you hours each week by automating invoicing, tracking expenses and ' +
  'simplifying tax preparation for a small business.';
const R1 =
  'Ledger One covers all the essentials, adapts as your business grows and is backed by a large network of ' +
  'accountants who already know its reports and its screens.';
const R2 =
  'Its invoicing is the most complete of the five: recurring invoices, deposits, reminders and online payments are ' +
  'all there without an add-on or a higher plan.';
const R3 =
  'The price climbs quickly once you need more users or inventory tracking, so a sole trader on a tight budget may ' +
  'find the cheaper plans of the others enough.';
const TESTIMONIAL =
  'They came out the next day, explained everything clearly and the problem was gone within a week. Great service ' +
  'from start to finish, I would call them again!';

const reviewCard = (n: number): string =>
  `<div class="wp-block-group product-review-card has-border-color"><h3>Product ${n}: best overall</h3><p>${R1} ` +
  `(${n})</p><h4>Pros</h4><p>${R2} (${n})</p><h4>Cons</h4><p>${R3} (${n})</p></div>`;

test('an editor\'s review box of several prose paragraphs ("product-review-card") is the article\'s text', () => {
  const html =
    `<html><body><main><article><h1>Best accounting software</h1>` +
    `${[1, 2, 3, 4, 5, 6].map((n) => `<p>${INTRO} (${n})</p>`).join('')}
${reviewCard(1)}${reviewCard(2)}
<p>${INTRO.replace('hours', 'days')}</p></article>
<div class="reviews"><div class="review-card"><p>${TESTIMONIAL}</p><h6>Rachel M.</h6></div></div>
</main></body></html>`;
  const text = contentText(html);
  assert.ok(
    text.includes(
      'Ledger One covers all the essentials, adapts as your business grows and is backed by a large network of ' +
        'accountants who already know its reports and its screens. (1)',
    ),
    text,
  );
  assert.ok(text.includes('(2)'), text);
  assert.ok(!text.includes('Great service from start to finish'), text);
});

test("a customer's review card (one short paragraph) and a reviews section stay out", () => {
  const box = (cls: string, inner: string) =>
    findElement(parseHtml(`<html><body><div class="${cls}">${inner}</div></body></html>`), (el) => el.name === 'div')!;
  assert.equal(isProseWidget(box('product-review-card', `<p>${R1}</p><p>${R2}</p><p>${R3}</p>`)), true);
  assert.equal(isProseWidget(box('review-card', `<p>${TESTIMONIAL}</p>`)), false);
  // A section whose id names the product's review.
  const section = findElement(
    parseHtml(
      `<html><body><section id="acme-x100-review"><h2>Acme X100</h2><p>${R1}</p><p>${R2}</p><p>${R3}</p></section>` +
        `</body></html>`,
    ),
    (el) => el.name === 'section',
  )!;
  assert.equal(isProseWidget(section), true);
  // The plural names the reviews section, whatever it holds; another unlikely word keeps it out.
  assert.equal(isProseWidget(box('customer-reviews', `<p>${R1}</p><p>${R2}</p><p>${R3}</p>`)), false);
  assert.equal(isProseWidget(box('review-card sidebar', `<p>${R1}</p><p>${R2}</p><p>${R3}</p>`)), false);
});
