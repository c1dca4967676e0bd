import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanMarkup } from '../../../src/fetch/markup-scan.js';

describe('scanMarkup', () => {
  it('reads the title, text, attributes and inline scripts of a small page', () => {
    const d = scanMarkup(
      '<html><head><title>Just a  Moment...</title><script>window._cf_chl_opt={a:1}</script></head>' +
        '<body><form id="challenge-form" action="/x"></form><p>Checking  your browser.</p></body></html>',
    );
    assert.equal(d.title, 'just a moment...');
    assert.equal(d.text, 'Checking your browser.');
    assert.equal(d.textChars, d.text.length);
    assert.match(d.attrs, /challenge-form/);
    assert.match(d.scripts, /_cf_chl_opt/);
  });

  it('with a text limit, stops reading once the text is over it: what follows is not read', () => {
    const page = '<p>' + 'words and more words '.repeat(100) + '</p><title>Late</title><script>late()</script>';
    const whole = scanMarkup(page);
    assert.equal(whole.title, 'late');
    const cut = scanMarkup(page, 1500);
    assert.ok(cut.textChars > 1500, String(cut.textChars));
    assert.equal(cut.title, '');
    assert.equal(cut.scripts, '');
  });

  it('with a text limit, a page whose text stays under it is read whole', () => {
    const page = '<p>' + 'a b '.repeat(300) + '</p><title>Late</title>';
    assert.deepEqual(scanMarkup(page, 1500), scanMarkup(page));
  });
});
