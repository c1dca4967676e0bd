// A page read in pieces (parse/page-pieces.ts: the worker never builds one string of a whole page)
// gives the tree the whole string gives, whatever token a cut falls in; and a page's bytes decoded
// in pieces (fetch/decode.ts) are its text, whatever character a cut splits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AnyNode, Document } from 'domhandler';
import { parseHtml, type ParseOptions } from '../../../src/parse/parse-html.js';
import { decodePieces, decodeText, PIECE_BYTES } from '../../../src/fetch/decode.js';
import { postedPieces, PIECES_MAX_BYTES, type PostedText } from '../../../src/workers/page-bytes.js';

/** Everything the tree holds, in order: a difference anywhere shows. */
function dump(doc: Document): string {
  const out: unknown[] = [];
  const stack: { node: AnyNode; depth: number }[] = [...doc.children].reverse().map((node) => ({ node, depth: 0 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const n = node as AnyNode & { name?: string; data?: string; attribs?: Record<string, string> };
    out.push([depth, node.type, n.name, n.data, n.attribs === undefined ? undefined : Object.entries(n.attribs)]);
    const children = 'children' in node ? node.children : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
  }
  return JSON.stringify(out);
}

const PAGES: Record<string, string> = {
  tags:
    '<!DOCTYPE html><html lang=en><head><meta charset="utf-8"><title>A &amp; B</title></head>' +
    '<body class=x><div id="a" data-x=\'y\' hidden><p>one<br/>two</p></div></body></html>',
  attributes:
    '<a href="/x?a=1&amp;b=2&copy" title=\'it&apos;s\' data-n=un&quot;quoted checked x = "spaced" y=z/>' +
    'link</a><img src=a.png alt="&#x41;&#66;&notit;">',
  comments:
    '<p>a<!-- one -- two --!> b<!--> c<!---> d<!-- x --!x --> e<? bogus ?> f</ bogus> g<!x> h</p>' + '<!-- open',
  entities:
    '<p>&amp;&lt;x&gt; &notit; &notin; &amp &ampx &#169; &#xA9; &#x1F600; &#0; &#xD800; ' +
    '&ThisIsNotAnEntity; &CounterClockwiseContourIntegral; &a</p>',
  'raw text':
    '<script>if (a < b && c </scr) { x = "</p>"; } </script  ><style>p > a { x: "</style" }</style>' +
    '< p><textarea>&lt;b&gt; </text</textarea><title>t &amp; </titl</title><xmp><b></xmp>' +
    '<noscript><iframe src=x /><p>in</p></noscript>',
  cdata:
    '<p>x<![CDATA[ not <b>cdata</b> ]]>y</p><svg><![CDATA[ a < b ]]><foreignObject><p>f</p></foreignObject>' +
    '</svg><math><mi>x</mi></math>',
  'body ends': '<html><body><p>one</p></body></html><p>two</p></BODY\t><p>three</p></html ><script>late</script>',
  surrogates: '<p title="😀 ok">😀 Grüße 日本語 😀😀</p><p>&#x1F600;😀</p>',
  'plain text': '<p>a</p><plaintext><b>not a tag</b> &amp; </plaintext>',
  'open tag at end': '<p>text</p><div class="unfinished',
};

function pieces(html: string, cuts: number[]): string[] {
  const out: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    out.push(html.slice(from, cut));
    from = cut;
  }
  out.push(html.slice(from));
  return out;
}

function assertSameAtEveryCut(html: string, options: ParseOptions = {}): void {
  const whole = dump(parseHtml(html, options));
  for (let cut = 0; cut <= html.length; cut++) {
    assert.equal(
      dump(parseHtml(pieces(html, [cut]), options)),
      whole,
      `cut at ${cut}: ${JSON.stringify(html.slice(cut - 8, cut + 8))}`,
    );
    // A piece of one character between two cuts: a token may span three pieces.
    if (cut < html.length) {
      assert.equal(dump(parseHtml(pieces(html, [cut, cut + 1]), options)), whole, `cuts at ${cut} and ${cut + 1}`);
    }
  }
}

for (const [name, html] of Object.entries(PAGES)) {
  test(`${name}: a cut at any position gives the whole page's tree`, () => {
    assertSameAtEveryCut(html);
  });
}

test("every character a piece of its own gives the whole page's tree", () => {
  for (const html of Object.values(PAGES)) assert.equal(dump(parseHtml([...html])), dump(parseHtml(html)));
});

test('XML (a feed) read in pieces gives the same tree', () => {
  const feed =
    '<?xml version="1.0"?><!DOCTYPE rss><rss><channel><title>T &amp; U</title><item>' +
    '<description><![CDATA[ <p>x</p> ]]></description><link/></item></channel></rss>';
  assertSameAtEveryCut(feed, { xml: true });
});

test('the character cap holds across pieces', () => {
  const html = PAGES['raw text']! + PAGES.entities!;
  for (const maxChars of [0, 1, 37, 120, 300]) assertSameAtEveryCut(html, { maxChars });
});

const TEXT = '<p title="Grüße">Ünïcödé “quotes” 日本語 한국어 😀 €</p>';

const CHARSETS: [string, Uint8Array][] = [
  ['utf-8', new TextEncoder().encode(`\uFEFF${TEXT}`)],
  // Bytes that are not UTF-8 (a lone continuation byte, a cut 3-byte sequence) become U+FFFD.
  ['utf-8', new Uint8Array([0x3c, 0x70, 0x3e, 0x80, 0xe6, 0x97, 0x41, 0xf0, 0x9f, 0x98, 0x80, 0xff, 0x3c])],
  ['windows-1252', new Uint8Array([0x3c, 0x70, 0x3e, 0x93, 0x47, 0x72, 0xfc, 0xdf, 0x65, 0x94, 0x80, 0x81, 0x3c])],
  // 日本語 テスト and a half-width katakana, as Shift_JIS and EUC-KR write them.
  [
    'shift_jis',
    new Uint8Array([
      0x3c, 0x62, 0x3e, 0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea, 0x83, 0x65, 0x83, 0x58, 0x83, 0x67, 0xb1, 0x3c,
    ]),
  ],
  ['euc-kr', new Uint8Array([0x3c, 0x62, 0x3e, 0xc7, 0xd1, 0xb1, 0xb9, 0xbe, 0xee, 0x26, 0x61, 0x6d, 0x70, 0x3b])],
  ['gb18030', new Uint8Array([0x3c, 0x62, 0x3e, 0xd6, 0xd0, 0x95, 0x32, 0x82, 0x36, 0x81, 0x30, 0x81, 0x30])],
  ['utf-16le', new Uint8Array(Buffer.from(`\uFEFF${TEXT}`, 'utf16le'))],
  // UTF-8 read as Latin-1 and saved again as UTF-8, and UTF-8 under a windows-1252 label: the
  // text is read once more as a whole (fetch/double-encoding.ts), cut or not.
  ['utf-8', new Uint8Array(Buffer.from(Buffer.from(`<p>${TEXT} — ’</p>`).toString('latin1')))],
  ['windows-1252', new TextEncoder().encode(`<p>${TEXT} — ’</p>`)],
];

test('bytes decoded in pieces are the text, whatever character a cut splits', () => {
  for (const [charset, bytes] of CHARSETS) {
    const text = decodeText(bytes, charset);
    const tree = dump(parseHtml(text));
    for (let size = 1; size <= bytes.byteLength; size++) {
      const decoded = decodePieces(bytes, charset, size);
      assert.equal(decoded.join(''), text, `${charset}, cut every ${size} bytes`);
      assert.equal(dump(parseHtml(decoded)), tree, `${charset}, cut every ${size} bytes`);
    }
  }
});

test('no piece of a large page reaches 64 Ki characters (128 KiB as two bytes each)', () => {
  const pages: [string, Uint8Array][] = [
    ['utf-8', new TextEncoder().encode('<p>日本語 😀 x</p>'.repeat(20_000))],
    // Every byte not UTF-8: one U+FFFD each, the most characters bytes decode to.
    ['utf-8', new Uint8Array(300_000).fill(0xff)],
    ['windows-1252', new Uint8Array(300_000).fill(0x93)],
    ['utf-8', new Uint8Array(300_000).fill(0x61)],
  ];
  for (const [charset, bytes] of pages) {
    const decoded = decodePieces(bytes, charset);
    assert.ok(decoded.length >= Math.floor(bytes.byteLength / PIECE_BYTES), 'cut in pieces');
    assert.ok(Math.max(...decoded.map((p) => p.length)) < 64 * 1024);
    assert.equal(decoded.join(''), decodeText(bytes, charset));
  }
});

test('a worker reads a page of up to 1 MiB in pieces, a larger one whole (large-object space)', () => {
  const page = (bytes: number): PostedText => ({ bytes: new Uint8Array(bytes).fill(0x61), charset: 'utf-8' });
  const small = postedPieces(page(PIECES_MAX_BYTES));
  assert.ok(small.length > 1 && small.every((p) => p.length < 64 * 1024));
  const large = postedPieces(page(PIECES_MAX_BYTES + 1));
  assert.equal(large.length, 1);
  assert.equal(large[0]!.length, PIECES_MAX_BYTES + 1);
});
