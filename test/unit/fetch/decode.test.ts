import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ASCII_COMPATIBLE,
  decodeBody,
  decodeText,
  encodingForLabel,
  parseContentType,
  prescanMetaCharset,
  sniffKind,
} from '../../../src/fetch/decode.js';
import { kindAtPath } from '../../../src/fetch/body-kind.js';
import { fetchedBody } from '../../../src/fetch/fetched-body.js';
import { pageBytes, postedText } from '../../../src/workers/page-bytes.js';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

test('plain text at a markdown path is markdown; nothing else changes by its path', () => {
  assert.equal(kindAtPath('text', '/acme/widget/main/README.md'), 'markdown');
  assert.equal(kindAtPath('text', '/notes/CHANGES.Markdown'), 'markdown');
  assert.equal(kindAtPath('text', '/notes/readme.txt'), 'text');
  assert.equal(kindAtPath('text', '/llms.txt'), 'markdown');
  assert.equal(kindAtPath('text', '/docs/llms-full.txt'), 'markdown');
  assert.equal(kindAtPath('text', '/notes/allms.txt'), 'text');
  assert.equal(kindAtPath('text', '/md'), 'text');
  assert.equal(kindAtPath('html', '/blog/post.md'), 'html');
});

test('XML whose root is <html> is XHTML, a page (as browsers render it); other XML stays XML', () => {
  const xhtml =
    '<?xml version="1.0" encoding="iso-8859-1"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" ' +
    '"http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n<!-- <rss> --><?xml-stylesheet href="a.css"?>' +
    '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Caf\u00e9</title></head></html>';
  const page = decodeBody(latin1(xhtml), 'application/xml');
  assert.equal(page.kind, 'xhtml');
  assert.equal(page.charset, 'windows-1252', "the XML declaration's encoding");
  assert.equal(decodeBody(latin1('<h:html xmlns:h="http://www.w3.org/1999/xhtml"/>'), 'text/xml').kind, 'xhtml');
  assert.equal(decodeBody(latin1(xhtml), null).kind, 'xhtml', 'sniffed as XML');
  assert.equal(decodeBody(latin1('<?xml version="1.0"?><rss><html/></rss>'), 'application/xml').kind, 'xml');
  assert.equal(decodeBody(latin1('<?xml version="1.0"?><htmlx/>'), 'application/xml').kind, 'xml');
  assert.equal(decodeBody(latin1(`<?xml version="1.0"?><!--${' '.repeat(4096)}--><html/>`), 'text/xml').kind, 'xml');
});

test('kind follows Content-Type', () => {
  const b = Buffer.from('x');
  assert.equal(decodeBody(b, 'text/html; charset=utf-8').kind, 'html');
  assert.equal(decodeBody(b, 'TEXT/HTML').kind, 'html');
  assert.equal(decodeBody(b, 'application/xhtml+xml').kind, 'xhtml');
  assert.equal(decodeBody(b, 'text/plain').kind, 'text');
  assert.equal(decodeBody(b, 'text/csv; header=present').kind, 'text');
  assert.equal(decodeBody(b, 'text/tab-separated-values').kind, 'text');
  assert.equal(decodeBody(b, 'text/markdown; charset=utf-8').kind, 'markdown');
  assert.equal(decodeBody(b, 'text/x-markdown').kind, 'markdown');
  assert.equal(
    decodeBody(Buffer.from('# Caf\u00e9'), 'text/markdown').text,
    '# Caf\u00e9',
    'undeclared UTF-8 is UTF-8',
  );
  assert.equal(decodeBody(b, 'application/json').kind, 'json');
  assert.equal(decodeBody(b, 'application/ld+json').kind, 'json');
  assert.equal(decodeBody(b, 'application/xml').kind, 'xml');
  assert.equal(decodeBody(b, 'text/xml').kind, 'xml');
  assert.equal(decodeBody(b, 'application/rss+xml').kind, 'xml');
  assert.equal(decodeBody(b, 'image/png').kind, 'binary');
  assert.equal(decodeBody(b, 'application/pdf').text, null, 'binary is never decoded');
});

test('unlabelled bodies are sniffed: HTML, XML, text, binary', () => {
  assert.equal(sniffKind(Buffer.from('  \n<!DOCTYPE html><title>x</title>')), 'html');
  assert.equal(sniffKind(Buffer.from('<html lang="en">')), 'html');
  assert.equal(sniffKind(Buffer.from('\ufeff<p>hi</p>')), 'html', 'after a UTF-8 BOM');
  assert.equal(
    sniffKind(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html>', 'utf16le')])),
    'html',
    'UTF-16LE with BOM',
  );
  assert.equal(sniffKind(Buffer.from('<!-- c --><div>')), 'html');
  assert.equal(sniffKind(Buffer.from('<?xml version="1.0"?><rss/>')), 'xml');
  assert.equal(sniffKind(Buffer.from('just some words <b>')), 'text');
  assert.equal(sniffKind(Buffer.from('<bogus>')), 'text', 'unknown tags are not HTML');
  assert.equal(sniffKind(Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31])), 'binary', 'PDF magic');
  assert.equal(sniffKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])), 'binary', 'PNG magic');
  assert.equal(sniffKind(Buffer.from('abc\x00def')), 'binary', 'NUL byte');
  const d = decodeBody(Buffer.from('<html>\x00\x01\x02'), null);
  assert.equal(d.kind, 'binary', 'binary bytes anywhere in the sniffed prefix make it binary, whatever it starts with');
  assert.equal(d.text, null);
});

test('charset precedence: BOM, then header, then meta, then UTF-8 validity, then windows-1252', () => {
  // BOM beats a wrong header label
  const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<p>café</p>')]);
  const r1 = decodeBody(bom, 'text/html; charset=iso-8859-1');
  assert.equal(r1.charset, 'utf-8');
  assert.equal(r1.text, '<p>café</p>', 'BOM stripped, UTF-8 decoded');
  // header beats meta
  const r2 = decodeBody(latin1('<meta charset="utf-8"><p>caf\xe9</p>'), 'text/html; charset=ISO-8859-1');
  assert.equal(r2.charset, 'windows-1252');
  assert.equal(r2.text, '<meta charset="utf-8"><p>café</p>');
  // meta only (windows-1252 curly quotes)
  const r3 = decodeBody(
    latin1(
      '<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1252"></head><p>\x93hi\x94</p>',
    ),
    'text/html',
  );
  assert.equal(r3.charset, 'windows-1252');
  assert.ok(r3.text!.includes('\u201chi\u201d'));
  // unknown header label falls through to meta
  const r4 = decodeBody(latin1('<meta charset=shift_jis>\x82\xa0'), 'text/html; charset=utf8mb4-bogus');
  assert.equal(r4.charset, 'shift_jis');
  assert.ok(r4.text!.endsWith('\u3042'));
  // no label, valid UTF-8
  assert.equal(decodeBody(Buffer.from('<p>日本語</p>'), 'text/html').charset, 'utf-8');
  // no label, not UTF-8
  const r6 = decodeBody(latin1('<p>na\xefve</p>'), 'text/html');
  assert.equal(r6.charset, 'windows-1252');
  assert.equal(r6.text, '<p>naïve</p>');
  // UTF-16 with BOM and no label at all
  const u16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><p>Grüße</p>', 'utf16le')]);
  const r7 = decodeBody(u16, null);
  assert.equal(r7.kind, 'html');
  assert.equal(r7.charset, 'utf-16le');
  assert.equal(r7.text, '<html><p>Grüße</p>');
});

test('a UTF-8 sequence cut at the size cap still counts as UTF-8', () => {
  const cut = Buffer.from('<p>日本語</p>').subarray(0, 5);
  assert.equal(decodeBody(cut, 'text/html').charset, 'utf-8');
});

test('meta prescan: only the first 1024 bytes, comments skipped, utf-16 label means utf-8', () => {
  assert.equal(prescanMetaCharset(latin1('<!-- <meta charset="koi8-r"> --><meta charset="euc-kr">')), 'euc-kr');
  assert.equal(prescanMetaCharset(latin1(' '.repeat(1100) + '<meta charset="euc-kr">')), null);
  assert.equal(prescanMetaCharset(latin1('<meta charset="utf-16">')), 'utf-8');
  assert.equal(prescanMetaCharset(latin1("<META CHARSET='GB2312'>")), 'gbk');
});

test('a <meta> charset later in the head (after long scripts or comments) decides bytes that are not UTF-8 when the prescan finds none; one in a comment, a script or the body does not', () => {
  // "中文新闻" in GB2312, after 2 KB of script: read as windows-1252 it would be mojibake.
  const gb = Buffer.from([0xd6, 0xd0, 0xce, 0xc4, 0xd0, 0xc2, 0xce, 0xc5]);
  const page = (head: string, body = ''): Buffer =>
    Buffer.concat([
      latin1(`<html><head><script>var x = "${'a'.repeat(2000)}";</script>${head}</head><body>${body}<p>`),
      gb,
      latin1('</p></body></html>'),
    ]);
  const late = decodeBody(page('<meta http-equiv="Content-Type" content="text/html; charset=gb2312">'), 'text/html');
  assert.equal(late.charset, 'gbk');
  assert.match(late.text ?? '', /<p>中文新闻<\/p>/);
  assert.equal(decodeBody(page('<!-- <meta charset="gb2312"> -->'), 'text/html').charset, 'windows-1252');
  assert.equal(
    decodeBody(page('<script>document.write(\'<meta charset="gb2312">\')</script>'), 'text/html').charset,
    'windows-1252',
  );
  assert.equal(decodeBody(page('', '<meta charset="gb2312">'), 'text/html').charset, 'windows-1252');
  // Valid UTF-8 with a late label from before it was saved again as UTF-8 stays UTF-8.
  const resaved = Buffer.concat([
    latin1(`<html><head><script>var x = "${'a'.repeat(2000)}";</script><meta charset="iso-8859-1"></head><body><p>`),
    Buffer.from('“quoted” café'),
    latin1('</p></body></html>'),
  ]);
  assert.equal(decodeBody(resaved, 'text/html').charset, 'utf-8');
  // The header's charset still comes first.
  assert.equal(decodeBody(page('<meta charset="gb2312">'), 'text/html; charset=utf-8').charset, 'utf-8');
});

test('labels: aliases resolve, unknown labels never throw', () => {
  assert.equal(encodingForLabel('latin1'), 'windows-1252');
  assert.equal(encodingForLabel(' UTF8 '), 'utf-8');
  assert.equal(encodingForLabel('sjis'), 'shift_jis');
  assert.equal(encodingForLabel('no-such-charset'), null);
  assert.equal(encodingForLabel(''), null);
  assert.equal(decodeBody(Buffer.from('hi'), 'text/plain; charset="no-such"').text, 'hi');
});

test('JSON is UTF-8 regardless of a meta-looking string; XML declaration is honoured', () => {
  assert.equal(decodeBody(Buffer.from('{"a":"é"}'), 'application/json').charset, 'utf-8');
  const x = decodeBody(latin1('<?xml version="1.0" encoding="ISO-8859-1"?><a>\xe9</a>'), 'application/xml');
  assert.equal(x.charset, 'windows-1252');
  assert.equal(x.text, '<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>');
});

test('Content-Type parsing', () => {
  assert.deepEqual(parseContentType('text/html; Charset="UTF-8"; q=1'), {
    essence: 'text/html',
    params: { charset: 'UTF-8', q: '1' },
  });
  assert.equal(parseContentType('nonsense'), null);
  assert.equal(parseContentType(''), null);
  assert.equal(
    decodeBody(Buffer.from('<html>'), 'nonsense').kind,
    'html',
    'an invalid Content-Type is sniffed like a missing one',
  );
});

test('an all-ASCII body decodes to the same text with or without the decoder, in every encoding that shortcut is taken for', () => {
  const ascii = Uint8Array.from({ length: 128 }, (_, i) => i);
  for (const charset of ASCII_COMPATIBLE)
    assert.equal(decodeText(ascii, charset), new TextDecoder(charset).decode(ascii), charset);
  // Not taken where the bytes are not ASCII, or the encoding reads ASCII bytes otherwise.
  assert.equal(decodeText(Buffer.from('caf\xe9', 'latin1'), 'windows-1252'), 'café');
  assert.equal(decodeText(Buffer.from('\x1b$B$3$s\x1b(B', 'latin1'), 'iso-2022-jp'), 'こん');
});

test('a body sent to a worker as bytes comes out as the text it decodes to', () => {
  const page = '<p>Grüße, 日本語 and plain ASCII</p>';
  const body = fetchedBody(Buffer.from(page), 'html', 'utf-8');
  assert.equal(postedText(structuredClone(pageBytes(body, true)!)), page);
  assert.equal(body.text, page);
  const ascii = fetchedBody(Buffer.from('<p>plain</p>'), 'html', 'windows-1252');
  assert.equal(postedText(structuredClone(pageBytes(ascii, true)!)), '<p>plain</p>');
  assert.equal(pageBytes(fetchedBody(Buffer.from([1, 2, 3]), 'binary', null), false), null);
});
