// Datelines are read by the headline: the <h1> the declared title names when the first <h1> is
// the site's name, and the declared title's own words when the page has no <h1>.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

/** A long menu: enough visible text that a date after it is too far from a headline above it. */
const menu = `<ul>${Array.from({ length: 120 }, (_, i) => `<li>Menu entry ${i + 1}</li>`).join('')}</ul>`;

describe('published_at: the date printed by the headline', () => {
  it('reads it by the <h1> the title names, not by a first <h1> that names the site', () => {
    const html =
      '<head><title>Agency - Press releases - Messengers are no lawless space</title></head>' +
      `<h1>Federal Agency (FA)</h1>${menu}<h1>Messengers are no lawless space</h1>` +
      `<ul><li>Date:</li><li>26 January 2022</li></ul>${para}`;
    assert.equal(meta(html).published_at, '2022-01-26');
  });
  it('keeps the first <h1> when the title names it', () => {
    const html =
      '<head><title>Messengers are no lawless space - Agency</title></head>' +
      `<h1>Messengers are no lawless space</h1>${menu}` +
      `<h1>Messengers are no lawless space: the details</h1><p>26 January 2022</p>${para}`;
    assert.equal(meta(html).published_at, null);
  });
  it('finds a headline without <h1> by the whole title when its first part is too short', () => {
    const html =
      '<head><title>Guinea : A poacher arrested and sentenced to the maximum ‹ Wildlife Project</title></head>' +
      `${menu}<h2>Guinea : A poacher arrested and sentenced to the maximum</h2><p>27 Sep 2016</p>${para}`;
    assert.equal(meta(html).published_at, '2016-09-27');
  });
});

describe('published_at: the date by an <h1> printed in several lines', () => {
  it('finds the <h1> by its longest line when its parts stand on lines of their own', () => {
    const html =
      `${menu}<h1><span>Pandemic</span> - <span>How people want to die is what matters too</span></h1>` +
      `<p>By Jane Doe</p><p>am 21. April 2020</p>${para}`;
    assert.equal(meta(html).published_at, '2020-04-21');
  });
});
