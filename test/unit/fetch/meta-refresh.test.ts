// A refresh declaration's content read by WHATWG's "shared declarative refresh steps", and the
// declaration found where a browser running scripts would act on it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { META_REFRESH_SCAN_BYTES, findMetaRefresh, parseRefresh } from '../../../src/fetch/meta-refresh.js';

describe('parseRefresh', () => {
  const cases: Array<[string, ReturnType<typeof parseRefresh>]> = [
    ['0; url=/next', { delayS: 0, url: '/next' }],
    ['0;URL=/next', { delayS: 0, url: '/next' }],
    ['  3 , url = "/next page" trailing', { delayS: 3, url: '/next page' }],
    ["0; url='/a?b=1'", { delayS: 0, url: '/a?b=1' }],
    ['0; "/quoted"', { delayS: 0, url: '/quoted' }],
    ['0 /bare', { delayS: 0, url: '/bare' }],
    ['1.5; url=/x', { delayS: 1, url: '/x' }],
    ['.5; url=/x', { delayS: 0, url: '/x' }],
    ['0; urn:isbn:1', { delayS: 0, url: 'urn:isbn:1' }],
    ['0; url', { delayS: 0, url: 'url' }],
    ['300', { delayS: 300, url: null }],
    ['0;', { delayS: 0, url: null }],
    ['0; url=', { delayS: 0, url: null }],
    ['', null],
    ['soon; url=/x', null],
    ['0x; url=/x', null],
  ];
  for (const [content, expected] of cases) {
    it(JSON.stringify(content), () => assert.deepEqual(parseRefresh(content), expected));
  }
});

describe('findMetaRefresh', () => {
  const find = (html: string, charset = 'utf-8') => findMetaRefresh(Buffer.from(html, 'latin1'), charset);

  it('takes the first declaration and the <base> before it', () => {
    const html =
      '<base href="/one/"><meta http-equiv=refresh content="0;url=a"><base href="/two/">' +
      '<meta http-equiv="refresh" content="0; url=b">';
    assert.deepEqual(find(html), { delayS: 0, url: 'a', base: '/one/' });
  });

  it('reads names and values in any case', () => {
    assert.equal(find('<META HTTP-EQUIV="ReFrEsH" CONTENT="0; URL=/a">')?.url, '/a');
  });

  it('reads the target in the page charset', () => {
    const html = '<meta http-equiv="refresh" content="0; url=/caf\xe9">';
    assert.equal(find(html, 'windows-1252')?.url, '/café');
  });

  it('skips <noscript>, <template>, comments and scripts, and goes on after them', () => {
    const html =
      '<noscript><meta http-equiv="refresh" content="0; url=/a"></noscript>' +
      '<template><meta http-equiv="refresh" content="0; url=/b"></template>' +
      '<!-- <meta http-equiv="refresh" content="0; url=/c"> -->' +
      '<script>"<meta http-equiv=refresh content=0;url=/d>"</script>' +
      '<meta http-equiv="refresh" content="0; url=/e">';
    assert.equal(find(html)?.url, '/e');
  });

  it('ignores other <meta> and a declaration with no content', () => {
    assert.equal(find('<meta name="refresh" content="0; url=/a"><meta http-equiv="refresh">'), null);
  });

  it(`looks no further than the first ${META_REFRESH_SCAN_BYTES / 1024} KiB`, () => {
    const tag = '<meta http-equiv="refresh" content="0; url=/a">';
    assert.equal(find(' '.repeat(META_REFRESH_SCAN_BYTES - tag.length) + tag)?.url, '/a');
    assert.equal(find(' '.repeat(META_REFRESH_SCAN_BYTES) + tag), null);
  });
});
