// A marked byline that names only the site itself ("Paige Brunton" on her own site) is the page's
// signature when the next marked element stands far below it: that one is another part of the
// page (a download box, a course card), not the same byline. A site's name beside a writer's in
// one byline ("CBC News", then "Pete Evans") still yields to the writer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

const site = `<head><title>How to become a web designer — Paige Brunton</title>
  <meta property="og:site_name" content="Paige Brunton"></head>`;
const filler = Array.from({ length: 40 }, (_, i) => `<p>Step ${i + 1} of the story, in a few words.</p>`).join('');

describe("author: the site owner's marked byline", () => {
  it('signs the page over a marked element far below it', () => {
    const html = `<html>${site}<body><article><h1>How to become a web designer</h1>
      <div class="blog-author"><span class="author-name">Paige Brunton</span></div>${para}${filler}
      <div class="author-card"><span class="author-name">Dream Client Booking Blueprint</span></div>
      </article></body></html>`;
    assert.equal(meta(html, 'https://www.paigebrunton.com/blog/web-designer').author, 'Paige Brunton');
  });
  it("yields to a writer's name in the same byline", () => {
    const html = `<html><head><meta property="og:site_name" content="CBC News"></head><body><article>
      <h1>Markets rally as rates hold</h1><div class="byline"><span class="byline-source">CBC News</span>
      <span class="author-name">Pete Evans</span></div>${para}</article></body></html>`;
    assert.equal(meta(html).author, 'Pete Evans');
  });
});
