// A page of members' posts signs the post with the member's profile link, printed as the
// member's handle, where nothing else names anyone; a profile link printed otherwise ("Log In"),
// a mention in a reply ("@antonjw"), or one in the page's navigation names nobody.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

const paste = (by: string) => `<div class="info"><h1>atg 1700</h1><div class="username">${by}</div></div>${para}`;

describe('author: the member a post links to by its handle', () => {
  it('reports the handle the link prints', () => {
    assert.equal(meta(paste('<a href="/u/EvilSpark">EvilSpark</a>')).author, 'EvilSpark');
    assert.equal(meta(paste('<a href="/user/benyacobi/">u/benyacobi</a>')).author, 'u/benyacobi');
    assert.equal(
      meta(paste('<a class="person-listing" href="https://lemmy.example/u/dessalines">Dessalines</a>')).author,
      'Dessalines',
    );
  });
  it('not a profile link printed as something else, nor the site pages under a member path', () => {
    assert.equal(meta(paste('<a href="/u/EvilSpark">View profile</a>')).author, null);
    assert.equal(meta(paste('<a href="/user/login">Login</a>')).author, null);
  });
  it('not a mention in a post, nor a link in the navigation', () => {
    const reply = '<p><a href="/u/antonjw" class="UserMention">@antonjw</a> thanks</p>';
    const mention = `<h1>Types of threads</h1>${para}${reply}`;
    assert.equal(meta(mention).author, null);
    assert.equal(meta(`<nav><a href="/u/EvilSpark">EvilSpark</a></nav><h1>atg 1700</h1>${para}`).author, null);
  });
  it('after any byline the page marks', () => {
    const marked = paste('<a href="/u/EvilSpark">EvilSpark</a>') + '<p class="byline">By Jane Doe</p>';
    assert.equal(meta(marked).author, 'Jane Doe');
  });
});
