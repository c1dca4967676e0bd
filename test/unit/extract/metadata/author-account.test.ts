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

describe('author: a declared handle where nothing else names anyone', () => {
  const bare = (head: string) => `${head}<h1>Top blockchain companies</h1>${para}`;
  it('reports the handle the page declares, as written', () => {
    assert.equal(meta(bare('<meta name="author" content="q_admin">')).author, 'q_admin');
    const card = '<meta name="twitter:label1" content="Written by"><meta name="twitter:data1" content="sara.r.peter">';
    assert.equal(meta(bare(card)).author, 'sara.r.peter');
  });
  it('not a domain, a number, the site itself, nor a login on a product page', () => {
    assert.equal(meta(bare('<meta name="author" content="kath.net">')).author, null);
    assert.equal(meta(bare('<meta name="author" content="219.79.38.192">')).author, null);
    const site = '<meta property="og:site_name" content="handball-world"><meta name="author" content="handball-world">';
    assert.equal(meta(bare(site)).author, null);
    const product = '<meta property="og:type" content="product"><meta name="author" content="guitar_00">';
    assert.equal(meta(bare(product)).author, null);
  });
});
