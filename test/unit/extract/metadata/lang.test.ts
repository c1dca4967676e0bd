// lang: language tags normalised.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normaliseLang } from '../../../../src/extract/metadata/lang.js';

describe('normaliseLang', () => {
  it('canonicalises case and underscores', () => {
    assert.equal(normaliseLang('en_us'), 'en-US');
    assert.equal(normaliseLang('ZH-hant-tw'), 'zh-Hant-TW');
    assert.equal(normaliseLang(' de, en '), 'de');
  });
  it('drops junk', () => {
    assert.equal(normaliseLang('{{lang}}'), null);
    assert.equal(normaliseLang(''), null);
    assert.equal(normaliseLang('english language'), null);
  });
});
