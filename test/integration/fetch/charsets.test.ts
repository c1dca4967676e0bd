// Charset decoding over real HTTP: labelled, mislabelled and unlabelled bodies.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createFetcher } from '../../../src/fetch/fetch-page.js';
import type { FetchResult, Fetcher } from '../../../src/fetch/types.js';
import { testConfig } from '../../support/loopback-server.js';
import { startHostileSite, type HostileSite } from '../../support/hostile-site.js';

let site: HostileSite;
let fetcher: Fetcher;

before(async () => {
  site = await startHostileSite();
  fetcher = createFetcher(testConfig({ maxRetries: 0 }));
});
after(async () => {
  await fetcher.close();
  await site.close();
});

/** Fetches exactly `bytes` served with Content-Type `ct` (null: no Content-Type header at all). */
function serve(bytes: Buffer, ct: string | null): Promise<FetchResult> {
  const q = new URLSearchParams({ hex: bytes.toString('hex') });
  if (ct !== null) q.set('ct', ct);
  return fetcher.fetchPage(`${site.origin}/bytes?${q}`, { timeoutMs: 3000 });
}

const latin1 = (s: string) => Buffer.from(s, 'latin1');
// "ひらがな" in Shift_JIS
const SJIS_HIRAGANA = Buffer.from([0x82, 0xd0, 0x82, 0xe7, 0x82, 0xaa, 0x82, 0xc8]);

test('UTF-8 labelled in the header', async () => {
  const r = await serve(Buffer.from('<p>Zürich – 東京</p>'), 'text/html; charset=utf-8');
  assert.equal(r.body!.charset, 'utf-8');
  assert.equal(r.body!.text, '<p>Zürich – 東京</p>');
});

test('ISO-8859-1 labelled in the header decodes as windows-1252 (WHATWG)', async () => {
  const r = await serve(latin1('<p>Fa\xe7ade \x80 \x96</p>'), 'text/html; charset=ISO-8859-1');
  assert.equal(r.body!.charset, 'windows-1252');
  assert.equal(r.body!.text, '<p>Façade € –</p>');
});

test('windows-1252 declared only in <meta>', async () => {
  const r = await serve(
    latin1('<html><head><meta charset="windows-1252"><title>\x93Quotes\x94</title></head></html>'),
    'text/html',
  );
  assert.equal(r.body!.charset, 'windows-1252');
  assert.match(r.body!.text!, /\u201cQuotes\u201d/);
});

test('Shift_JIS via header, via meta, and via meta when the header label is unknown', async () => {
  const page = Buffer.concat([
    latin1('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><p>'),
    SJIS_HIRAGANA,
    latin1('</p>'),
  ]);
  for (const ct of ['text/html; charset=shift_jis', 'text/html', 'text/html; charset=x-no-such-charset']) {
    const r = await serve(page, ct);
    assert.equal(r.body!.charset, 'shift_jis', ct);
    assert.match(r.body!.text!, /<p>ひらがな<\/p>/, ct);
  }
});

test('UTF-16 with a BOM wins over a wrong header label and over a missing Content-Type', async () => {
  const page = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><p>Grüße</p></html>', 'utf16le')]);
  for (const ct of ['text/html; charset=iso-8859-1', null]) {
    const r = await serve(page, ct);
    assert.equal(r.body!.kind, 'html', String(ct));
    assert.equal(r.body!.charset, 'utf-16le', String(ct));
    assert.equal(r.body!.text, '<html><p>Grüße</p></html>', String(ct));
  }
  const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(Buffer.from('<p>Ω</p>', 'utf16le').swap16())]);
  const r = await serve(be, 'text/html');
  assert.equal(r.body!.charset, 'utf-16be');
  assert.equal(r.body!.text, '<p>Ω</p>');
});

test('mislabelled: header says UTF-8 but a UTF-8 BOM-less latin1 body stays header-decoded (WHATWG), with U+FFFD', async () => {
  const r = await serve(latin1('<p>caf\xe9</p>'), 'text/html; charset=utf-8');
  assert.equal(r.body!.charset, 'utf-8');
  assert.equal(r.body!.text, '<p>caf\ufffd</p>');
});

test('unlabelled: no Content-Type, no meta: UTF-8 when valid, else windows-1252', async () => {
  const u = await serve(Buffer.from('<!doctype html><p>naïve 日本</p>'), null);
  assert.equal(u.contentType, null);
  assert.equal(u.body!.kind, 'html');
  assert.equal(u.body!.charset, 'utf-8');
  assert.equal(u.body!.text, '<!doctype html><p>naïve 日本</p>');
  const w = await serve(latin1('<!doctype html><p>na\xefve</p>'), null);
  assert.equal(w.body!.charset, 'windows-1252');
  assert.equal(w.body!.text, '<!doctype html><p>naïve</p>');
});

test('unlabelled binary is never decoded; unlabelled prose is text', async () => {
  const png = await serve(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), null);
  assert.equal(png.body!.kind, 'binary');
  assert.equal(png.body!.text, null);
  assert.equal(png.body!.charset, null);
  assert.equal(png.body!.bytes.length, 16);
  const txt = await serve(Buffer.from('plain words, no markup'), null);
  assert.equal(txt.body!.kind, 'text');
  assert.equal(txt.body!.text, 'plain words, no markup');
});

test('UTF-8 saved again after a Latin-1 reading, and UTF-8 under a stale Latin-1 label, read as written', async () => {
  const page =
    '<html><head><meta charset="utf-8"></head><body><p>in debt —nearly seven in ten; ' +
    'it isn’t “cheap”, 1 200 € in Zürich</p></body></html>';
  const twice = Buffer.from(Buffer.from(page).toString('latin1'));
  for (const ct of ['text/html', 'text/html; charset=utf-8', null]) {
    const r = await serve(twice, ct);
    assert.equal(r.body!.charset, 'utf-8', String(ct));
    assert.equal(r.body!.text, page, String(ct));
  }
  const stale = page.replace(
    '<meta charset="utf-8">',
    '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">',
  );
  const r = await serve(Buffer.from(stale), 'text/html');
  assert.equal(r.body!.charset, 'windows-1252');
  assert.equal(r.body!.text, stale);
});
