// A login in lower case after "by" on a post's dateline signs the post where nothing else names
// anyone; the same word after "by" in prose, with no date beside it, names nobody.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { meta, para } from './pages.js';

const category = '<a href="/category/privacy/" rel="category tag">Privacy</a>';
const post = (meta: string) =>
  `<h1>Office 365 and the data protection authority</h1><div class="meta">${meta}</div>${para}`;

describe('author: a login printed after "by" on a dateline', () => {
  it('reports the login beside the date, as written', () => {
    assert.equal(meta(post(`Posted in ${category} by damianduchamps on August 3, 2019`)).author, 'damianduchamps');
    const label = '<small><b>Verfasst von:</b> <strong>mitundvoneinander</strong> | 31. Dezember 2008</small>';
    assert.equal(meta(post(label)).author, 'mitundvoneinander');
  });
  it('not a word after "by" with no date beside it, nor a role', () => {
    assert.equal(meta(post('Sorted by <a href="/?sort=default">default</a>')).author, null);
    assert.equal(meta(post(`Posted in ${category} by admin on August 3, 2019`)).author, null);
  });
  it('not on a product page', () => {
    const product = '<meta property="og:type" content="product">';
    assert.equal(meta(product + post(`Posted in ${category} by damianduchamps on August 3, 2019`)).author, null);
  });
});
