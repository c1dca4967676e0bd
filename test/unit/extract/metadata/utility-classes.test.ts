// A class names a region of the page (a sidebar, a product's variants) by its words; a utility
// class that styles the element (Tailwind's "lg:mr-[--sidebar-width]") or a page builder's
// generated block name ("variant-fec01459...") does not, and a byline under it is the page's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

const byline = `<p class="meta">By <a href="/blog/authors/jane-doe">Jane Doe</a></p>`;

describe('author: utility and generated classes name no region', () => {
  it('reads a byline in a column styled by the sidebar width', () => {
    const html = `<div><h1>How to start a company</h1>
      <section class="[--sidebar-width:18rem]"><div class="lg:max-2xl:mr-[--sidebar-container-width]">
      ${byline}${para}</div></section></div>`;
    assert.equal(meta(html).author, 'Jane Doe');
  });
  it('reads a byline in a page builder variant block', () => {
    const html = `<article><div class="variant-fec0145965a14a90b21b826309688711">
      <h1>How to start a company</h1>${byline}${para}</div></article>`;
    assert.equal(meta(html).author, 'Jane Doe');
  });
  it('still takes no byline from a sidebar or from a product variant picker', () => {
    assert.equal(meta(`<h1>Story</h1>${para}<div class="sidebar">${byline}</div>`).author, null);
    assert.equal(meta(`<h1>Story</h1>${para}<div class="variant-picker">${byline}</div>`).author, null);
  });
});
