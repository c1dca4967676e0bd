// A declared author that is an account (the CMS user who posted the page) is no name: the full
// name the page's byline prints is the author.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

const page = (declared: string, byline: string) =>
  `<meta name="author" content="${declared}"><h1>Recent trends in mental health</h1>
   <div class="byline"><a href="/author/np/">${byline}</a></div>${para}`;

describe('author: a declared account yields to the printed full name', () => {
  it('takes the byline over a login in lower case or a handle with a capital inside', () => {
    assert.equal(meta(page('kffnirmitap', 'Nirmita Panchal')).author, 'Nirmita Panchal');
    assert.equal(meta(page('KatieS', "Aoife O'Riordan")).author, "Aoife O'Riordan");
  });
  it('keeps a declared name, and an account where the byline prints no full name', () => {
    assert.equal(meta(page('Jane Doe', 'John Roe')).author, 'Jane Doe');
    assert.equal(meta(page('paulb203', 'Thread starter')).author, 'paulb203');
  });
});
