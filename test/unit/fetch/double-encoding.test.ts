import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeText } from '../../../src/fetch/decode.js';
import { onceEncodedBytes } from '../../../src/fetch/double-encoding.js';

const utf8 = (s: string) => Buffer.from(s, 'utf8');
/** `s`'s UTF-8 bytes read as Latin-1, written out again as UTF-8 (what a crawler's default does). */
const viaLatin1 = (s: string) => utf8(utf8(s).toString('latin1'));
/** The same through windows-1252, the other common misreading. */
const viaWindows1252 = (s: string) => utf8(new TextDecoder('windows-1252').decode(utf8(s)));

const PAGE =
  '<html><head><meta charset="utf-8"></head><p>In 2024 alone, 37 percent wound up in debt —nearly seven ' +
  'in ten. It isn’t “cheap”: 1 200 € a year, Zürich, 東京 😀</p></html>';

test('a page whose UTF-8 was read as Latin-1 and saved again reads as it was written', () => {
  const bytes = viaLatin1(PAGE);
  assert.match(
    new TextDecoder().decode(bytes),
    /debt â\u0080\u0094nearly/,
    'the bytes themselves carry the misreading',
  );
  assert.equal(decodeText(bytes, 'utf-8'), PAGE);
});

test('the same through windows-1252 ("â€”"), and UTF-8 bytes under a stale windows-1252 label', () => {
  const bytes = viaWindows1252(PAGE);
  assert.match(new TextDecoder().decode(bytes), /debt â€”nearly/);
  assert.equal(decodeText(bytes, 'utf-8'), PAGE);
  assert.equal(decodeText(utf8(PAGE), 'windows-1252'), PAGE);
});

test('real text is kept as it came, even where it looks like a misreading in part', () => {
  for (const text of [
    PAGE,
    '<p>café, naïve, Grüße, Ærø, ¿qué?</p>',
    '<p>It isn’t</p>',
    '<p>日本語</p>',
    // A page that quotes a misreading beside a real non-ASCII character is not undone.
    '<p>Mojibake turns “—” into â€” on a bad day</p>',
  ])
    assert.equal(decodeText(utf8(text), 'utf-8'), text, text);
  assert.equal(decodeText(Buffer.from('<p>caf\xe9 \x93ok\x94</p>', 'latin1'), 'windows-1252'), '<p>café “ok”</p>');
  // Other charsets are what their label says.
  assert.equal(decodeText(Buffer.from(viaLatin1('<p>—</p>')), 'iso-8859-2').includes('—'), false);
});

test('the check reads text cut in pieces as one text and needs a multi-byte character', () => {
  const text = new TextDecoder().decode(viaLatin1('<p>—é</p>'));
  const whole = onceEncodedBytes([text]);
  assert.deepEqual(whole, new Uint8Array(utf8('<p>—é</p>')));
  for (let cut = 1; cut < text.length; cut++)
    assert.deepEqual(onceEncodedBytes([text.slice(0, cut), text.slice(cut)]), whole, `cut at ${cut}`);
  assert.equal(onceEncodedBytes(['<p>plain</p>']), null);
  // Overlong forms and surrogates pass the lead-byte check but are not UTF-8.
  assert.equal(onceEncodedBytes(['\u00c0\u0080']), null);
  assert.equal(onceEncodedBytes(['\u00ed\u00a0\u0080']), null);
});

test('past the characters checked one by one, a real character anywhere still keeps the page as it came', () => {
  const long = PAGE.repeat(30);
  assert.equal(decodeText(viaLatin1(long), 'utf-8'), long);
  for (const tail of ['東', 'é', '’'])
    assert.equal(
      decodeText(Buffer.concat([viaLatin1(long), utf8(tail)]), 'utf-8'),
      new TextDecoder().decode(viaLatin1(long)) + tail,
      tail,
    );
});
