// A thread's author is the member who started it: the first declared author (itemprop=author),
// a numbered login included, never a replier further down because the replier's name reads
// more like a person's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { extractMetadata } from '../../../../src/extract/metadata/index.js';
import { parseHtml } from '../../../../src/parse/parse-html.js';

const meta = (html: string) => extractMetadata(parseHtml(html), 'https://forum.example.org/t/question/42');

/** A post: its author declared with microdata, then enough text to be apart from the next post. */
function post(author: string, text: string): string {
  const body = Array.from({ length: 12 }, (_, i) => `<p>${text} (${i + 1})</p>`).join('');
  const byline = `<span itemprop="author" itemscope><span itemprop="name">${author}</span></span>`;
  return `<div class="post">${byline}${body}</div>`;
}

describe('author: a thread is signed by its starter', () => {
  it('takes the first poster, a numbered login, over a replier with a full name', () => {
    const html = `<h1>Best news site for beginners?</h1>${post('LingoLover94', 'Which site do you read?')}${post(
      'Maria Woon',
      'I read the slow news.',
    )}`;
    assert.equal(meta(html).author, 'LingoLover94');
  });
  it('reads a login numbered with many digits as a login', () => {
    const html = `<h1>How does residential electricity work?</h1>${post('user3080392', 'A question.')}${post(
      'Elliot Alderson',
      'An answer.',
    )}`;
    assert.equal(meta(html).author, 'user3080392');
  });
  it('reads a login written as a handle ("hayley.p") as the first poster, over the repliers', () => {
    const html =
      '<h1>Getting stronger</h1>' +
      `${post('hayley.p', 'A question.')}${post('alison100', 'An answer.')}${post('Kestrel', 'Another.')}`;
    assert.equal(meta(html).author, 'hayley.p');
  });
  it('still prefers a name in the same byline to a login beside it', () => {
    const html =
      '<h1>Story</h1><span itemprop="author"><a href="0">link78</a></span><div class="author">Ophélie Ostermann</div>';
    assert.equal(meta(html).author, 'Ophélie Ostermann');
  });
});

describe('author: a thread starter named by its label', () => {
  /** A short reply: its poster's name in the post's header, unmarked. */
  const reply = (who: string, n: number) =>
    `<article class="message"><h4 class="message-name"><a class="username">${who}</a></h4>` +
    `<div class="bbWrapper">Reply number ${n} to this thread.</div></article>`;
  const thread = (label: string) =>
    `<h1>Best wood for a workbench top?</h1><ul class="listInline"><li><span class="u-srOnly">${label}</span>` +
    `<a href="/members/perseus.12/" class="username">Perseus Legend</a></li></ul>` +
    ['B. Diddy', 'Perseus Legend', 'Old Timer', 'B. Diddy'].map(reply).join('');
  it('reads the name after "Thread starter"', () => {
    assert.equal(meta(thread('Thread starter')).author, 'Perseus Legend');
  });
  it('reads the name after "Started by"', () => {
    assert.equal(meta(thread('Started by')).author, 'Perseus Legend');
  });
  it('reads no starter from a label that names nobody', () => {
    assert.equal(meta(thread('Start date')).author, null);
  });
  it("reads the starter by the login the forum shows, before the posts' declared authors", () => {
    const starter = (who: string) =>
      `<h1>Beginner projects?</h1><ul class="listInline"><li><span class="u-srOnly">Thread starter</span>` +
      `<a href="/members/${who}.81409/" class="username">${who}</a></li></ul>`;
    // A pinned answer's declared author first: the label still names the thread's author.
    const pinned = post('Lutfij', 'The solution to this thread.');
    assert.equal(meta(starter('sean_g') + pinned).author, 'sean_g');
    assert.equal(meta(starter('ridwan123') + pinned).author, 'ridwan123');
    // Not an e-mail address.
    assert.equal(meta(starter('jane@example.com')).author, null);
  });
});

describe("author: an old forum engine's first post is signed by its member's login", () => {
  const text = (n: number) => `<p>The text of post ${n}, long enough to be a post of the thread and not a label.</p>`;
  /** phpBB (prosilver): each post a numbered div, its member in the profile column's "username" link. */
  const phpbb = (who: string, n: number) =>
    `<div id="p${2169826 + n}" class="post bg2"><div class="inner"><dl class="postprofile"><dt>` +
    `<a href="./memberlist.php?mode=viewprofile&amp;u=${n}" class="username">${who}</a></dt>` +
    `<dd><strong>Posts:</strong> 2</dd></dl><div class="postbody">${text(n)}</div></div></div>`;
  /** FluxBB / PunBB: the member is the first term of the post's left column. */
  const fluxbb = (who: string, n: number) =>
    `<div id="p${2270718 + n}" class="blockpost"><div class="box"><div class="postbody"><div class="postleft">` +
    `<dl><dt><strong>${who}</strong></dt><dd class="usertitle"><strong>Member</strong></dd></dl></div>` +
    `<div class="postright"><div class="postmsg">${text(n)}</div></div></div></div></div>`;
  /** vBulletin 3: each post a numbered table, its member a "bigusername" link. */
  const vbulletin = (who: string, n: number) =>
    `<div id="edit${n}"><table id="post${2017066 + n}"><tr><td><div id="postmenu_${2017066 + n}">` +
    `<a class="bigusername" href="member.php?u=${n}">${who}</a></div><div>Registered User</div></td>` +
    `<td id="td_post_${n}">${text(n)}</td></tr></table></div>`;
  const thread = (post: (who: string, n: number) => string) =>
    `<h1>Open source forum software?</h1>${['archuser38013', 'Jane Roe', 'b.scherer'].map(post).join('')}`;
  it("reads phpBB's, FluxBB's and vBulletin's first poster, a login included", () => {
    assert.equal(meta(thread(phpbb)).author, 'archuser38013');
    assert.equal(meta(thread(fluxbb)).author, 'archuser38013');
    assert.equal(meta(thread(vbulletin)).author, 'archuser38013');
    assert.equal(meta(`<h1>Q</h1>${phpbb('b.scherer', 1)}${phpbb('Jane Roe', 2)}`).author, 'b.scherer');
  });
  it('reads no poster outside a numbered post: the signed-in member in the header, a numbered comment', () => {
    const header = '<div class="navbar"><span class="username">Welcome, jdoe</span></div><h1>Q</h1>';
    assert.equal(meta(`${header}<div id="content">${text(1)}</div>`).author, null);
    const reader = `<li id="comment-12"><a class="username">reader42</a>${text(1)}</li>`;
    const comment = `<h1>Story</h1>${text(0)}<ol>${reader}</ol>`;
    assert.equal(meta(comment).author, null);
  });
  it('prefers the byline the page marks to the first poster', () => {
    const html = `<h1>Q</h1><p class="byline">By Maria Woon</p>${phpbb('archuser38013', 1)}`;
    assert.equal(meta(html).author, 'Maria Woon');
  });
});
