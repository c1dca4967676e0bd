// A list article's item whose links are mostly a list of further reading under it ("More on
// this school:") is a section of prose: the item stays, its link list goes. A box with no
// paragraph of prose (a product card's controls) is left out as before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://coaching.example/top-programs/');

const slug = (s: string): string => s.toLowerCase().replace(/\W+/g, '-');
const guides = (school: string): string =>
  ['Essay questions', 'Interview guide', 'Employment report', 'Acceptance rate', 'How to get in']
    .map((g) => `<li><a href="/top-programs/${slug(school)}/${slug(g)}/">${school}: ${g} for this year</a></li>`)
    .join('');

function item(rank: number, school: string, words: string): string {
  return (
    `<div class="hub-item"><h2>${rank}. <a href="/top-programs/${school.toLowerCase()}/">${school}</a></h2>` +
    `<p>${words}</p><ul class="stats"><li>Location: ${school} Park</li><li>Class size: 400</li></ul>` +
    `<div class="hub-item__links"><h4>More on ${school}:</h4><ul class="resources">${guides(school)}</ul></div></div>`
  );
}

test("a list article's items keep their prose when their links are a further-reading list", () => {
  const html =
    '<html><body><div class="entry"><h1>Top programs of the year</h1>' +
    '<p>Rankings come and go, but a handful of schools stay at the top year after year, and each is good at ' +
    'something different. Here is what sets each one apart, and where to read more about it.</p>' +
    item(
      1,
      'Northfield',
      'Northfield is famous for its case method and its alumni network, which reaches into every industry ' +
        'and every country; its graduates lead more firms than any other school.',
    ) +
    item(
      2,
      'Westbrook',
      'Westbrook is close to the startups of the valley, and teaches an interdisciplinary curriculum in small ' +
        'classes where students learn as much from each other as from the faculty.',
    ) +
    item(
      3,
      'Eastgate',
      'Eastgate is strong in finance and in analytics, with a large class, a long list of electives and a ' +
        'campus in the middle of the city where the banks have their offices.',
    ) +
    item(
      4,
      'Southmoor',
      'Southmoor runs the smallest class of the five, and every student works with a firm in the region for a ' +
        'term before the second year begins in the autumn.',
    ) +
    item(
      5,
      'Lakeside',
      'Lakeside teaches management through the lens of the public sector, and many of its graduates go on to run ' +
        'hospitals, schools and agencies of the state.',
    ) +
    '</div></body></html>';
  const text = contentText(html);
  assert.match(text, /Westbrook is close to the startups/);
  assert.match(text, /Eastgate is strong in finance/);
  assert.doesNotMatch(text, /Interview guide/);
  assert.doesNotMatch(text, /More on/, 'the further-reading list goes with its heading');
});
