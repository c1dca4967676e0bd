// What a byline's label and its language say: "by:" split by a renderer's comments is still a
// byline; a page builder's blocks are not sidebars; a byline word of another language than the
// page's, a "Contact:" label, a store card's "Published By:" do not name the page's author.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

describe('author: labels and the text after them', () => {
  it('reads the name after "by:" when a renderer splits the line with comments', () => {
    const line = '<p>by: <!-- -->Ziyi Xu<!-- -->,<!-- --> <!-- -->Dec 17, 2025</p>';
    const html = `<h1>A small inference engine</h1>${line}${para}`;
    assert.equal(meta(html).author, 'Ziyi Xu');
  });
  it('reads the name after a run of dashes and "by", as plain text signs', () => {
    const line = '<div><span><strong><em>---- by Kenneth Surin</em></strong></span></div>';
    assert.equal(meta(`<h1>micropolitics</h1>${line}${para}`).author, 'Kenneth Surin');
    assert.equal(meta(`<h1>micropolitics</h1><p>-- By Kenneth Surin</p>${para}`).author, 'Kenneth Surin');
  });
  it("reads a byline in a page builder's block, not in its menu block", () => {
    const block = (kind: string, inner: string) =>
      `<div class="elementor-widget elementor-widget-${kind}">` +
      `<div class="elementor-widget-container">${inner}</div></div>`;
    const story = `<h1>Money habits</h1>${para}`;
    assert.equal(meta(story + block('text-editor', '<h3>Written by Cassidy Horton</h3>')).author, 'Cassidy Horton');
    assert.equal(meta(story + block('nav-menu', '<p>By Cassidy Horton</p>')).author, null);
    // A sidebar's widget still holds no byline.
    assert.equal(meta(`${story}<div class="widget"><p>By Cassidy Horton</p></div>`).author, null);
  });
  it('reads a byline in a section placed under the menu, not in the menu', () => {
    const byline = '<span><a href="/search?q=Meaghan+Weeden">by Meaghan Weeden</a></span>';
    const story = `<h1>How to reduce waste</h1>${byline}${para}`;
    assert.equal(meta(`<div class="shop-section under-menu">${story}</div>`).author, 'Meaghan Weeden');
    assert.equal(meta(`<h1>How to reduce waste</h1>${para}<div class="sub-menu">${byline}</div>`).author, null);
  });
  it("reads no byline word of another language than the page's", () => {
    const body = `<h1>Video doorbells</h1><p><span>Door View Cam</span></p>${para}`;
    assert.equal(meta(`<html lang="en"><body>${body}</body></html>`).author, null);
    const row = '<tr><td><span>POR</span><a href="/team/por">Portland Trail Blazers</a></td></tr>';
    const standings = `<h1>Standings</h1><table>${row}</table>${para}`;
    assert.equal(meta(`<html lang="en-US"><body>${standings}</body></html>`).author, null);
    // On a Dutch page, and on a page that declares no language, "Door" is "by".
    const dutch = `<h1>Nieuws</h1><p><span>Door Jan Jansen</span></p>${para}`;
    assert.equal(meta(`<html lang="nl"><body>${dutch}</body></html>`).author, 'Jan Jansen');
    assert.equal(meta(`<html><body>${dutch}</body></html>`).author, 'Jan Jansen');
  });
  it('names nobody from an author-page link labelled as the contact', () => {
    const info = (label: string) =>
      `<h1>Climate change</h1><ul><li><strong>Updated:</strong> 6/2/2025</li><li><strong>${label}</strong> ` +
      `<a href="/authors/staff-directory/ron-sands">Ron Sands</a></li></ul>${para}`;
    assert.equal(meta(info('Contact:')).author, null);
    assert.equal(meta(info('Author:')).author, 'Ron Sands');
  });
  it('reads an author box past its "The Author" heading and its monogram', () => {
    const box = (inner: string) =>
      `<h1>Planting beds</h1>${para}<div class="author-box">` +
      `<div class="article-author"><span>The Author</span></div>${inner}` +
      '<div class="author-name">Nicole Burke</div></div>';
    assert.equal(meta(box('')).author, 'Nicole Burke');
    assert.equal(meta(box('<div class="author-initials">NB</div>')).author, 'Nicole Burke');
    // Initials that stand for no other name on the page still sign it (a desk's mark).
    assert.equal(meta(`<h1>Story</h1>${para}<div class="author-initials">NB</div>`).author, 'NB');
  });
  it('reads no form placeholder as a name, and up to eight co-authors', () => {
    const metas = '<meta name="author" content="Name"><meta name="author" content="Maya Perez">';
    assert.equal(meta(`${metas}<h1>Story</h1>${para}`).author, 'Maya Perez');
    const eight = ['Ana Ruiz', 'Tom Hale', 'Sara Lin', 'Ben Ode', 'Eva Ruhl', 'Kai Berg', 'Ida Holm', 'Leo Marsh'];
    const html = `<meta name="author" content="${eight.join(', ')}"><h1>A report</h1>${para}`;
    assert.equal(meta(html).author, eight.join(', '));
  });
  it("names nobody from a profile link to another site, and keeps the site's own author pages", () => {
    const link = (href: string) => `<h1>Getting started</h1><p><a href="${href}">Jane Doe</a></p>${para}`;
    assert.equal(meta(link('https://bsky.app/profile/jane.example')).author, null);
    assert.equal(meta(link('https://www.news.example.com/profile/jane')).author, 'Jane Doe');
    assert.equal(meta(link('https://blog.example.com/author/jane')).author, 'Jane Doe');
    assert.equal(meta(link('/author/jane')).author, 'Jane Doe');
  });
  it('names nobody from the signature under a quotation, and reads one under the text', () => {
    const text = 'We connect our tools and it makes the work of our customers easier every single day';
    const signed = (p: string) => `<h1>Developer platform</h1><p>${p}</p><p><strong>Robert Cameron</strong></p>`;
    assert.equal(meta(signed(`"${text}."`)).author, null);
    assert.equal(meta(signed(`${text}.`)).author, 'Robert Cameron');
  });
  it('names nobody from a "Published By:" credit among the cards of a store\'s listing', () => {
    const game = (title: string, maker: string) =>
      `<div class="game"><a href="/app/${title.length}">${title}</a>` +
      `<div>Published By:<span>${maker}</span></div></div>`;
    const cards = [
      game('Counter Strike Global Offensive', 'Valve'),
      game('Monster Hunter Wilds Deluxe', 'Capcom'),
      game('Apex', 'Electronic Arts'), // too short a title to read as a card
      game('Destiny Two The Final Shape', 'Bungie'),
      game('Black Desert Online Remastered', 'Pearl Abyss'),
    ].join('');
    assert.equal(meta(`<h1>Action games</h1><div class="games">${cards}</div>`).author, null);
    // An article's own "By" line above a list of other stories still signs it.
    assert.equal(
      meta(`<h1>Action games</h1><p>By Jane Doe</p>${para}<div class="games">${cards}</div>`).author,
      'Jane Doe',
    );
  });
});

describe('author: a "Contributors:" label', () => {
  it('reads the name after "Contributors:" as after "Author:"', () => {
    const tags = '<div class="tags"><div><strong>Contributors:</strong> Janet Loughrey</div></div>';
    assert.equal(meta(`<h1>Houseplants for low light</h1>${para}${tags}`).author, 'Janet Loughrey');
    assert.equal(
      meta(`<h1>Houseplants for low light</h1>${para}<p><b>Contributor:</b> Ana Ruiz</p>`).author,
      'Ana Ruiz',
    );
  });
});
