// <main> holds the page's own content: the classes of <main> and <article> place them beside
// the furniture ("offset-nav", "[grid-area:sidebar]") and do not make their bylines furniture.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

describe('author: a byline inside <main> is the page content', () => {
  it('reads a labelled byline in an <article> whose layout classes name the sidebar and nav', () => {
    const html = `<main class="z-0 offset-nav"><article class="grid md:[grid-template-areas:'sidebar_main']">
      <h1>Trends in catering</h1><div><p class="mb-1">Written by</p><p class="grey">Edzel Tabing</p></div>
      ${para}</article></main>`;
    assert.equal(meta(html).author, 'Edzel Tabing');
  });
  it('still takes no byline from a sidebar inside <main>', () => {
    const html = `<main><h1>Story</h1>${para}<div class="sidebar"><p>Written by</p><p>Jane Doe</p></div></main>`;
    assert.equal(meta(html).author, null);
  });
});
