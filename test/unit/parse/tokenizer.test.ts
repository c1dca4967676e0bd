import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Tokenizer, type TokenizerCallbacks as Callbacks } from 'htmlparser2';
import { tokenize, type TokenizerEvents } from '../../../src/parse/tokenizer.js';

/** Every event of a tokenizer over `html`, one line each. */
function recorder(html: string, foreign = () => false): { log: string[]; events: TokenizerEvents } {
  const log: string[] = [];
  const at = (name: string) => (start: number, end: number) =>
    log.push(`${name} ${JSON.stringify(html.slice(start, end))} ${start}-${end}`);
  const events: TokenizerEvents = {
    ontext: at('text'),
    ontextentity: (cp, end) => log.push(`textentity ${cp} ${end}`),
    onopentagname: at('open'),
    onattribname: at('attrname'),
    onattribdata: at('attrdata'),
    onattribentity: (cp) => log.push(`attrentity ${cp}`),
    onattribend: (quote, end) => log.push(`attrend ${quote} ${end}`),
    onopentagend: (end) => log.push(`opentagend ${end}`),
    onselfclosingtag: (end) => log.push(`selfclosing ${end}`),
    onclosetag: at('close'),
    oncomment: (start, end, offset) => log.push(`comment ${JSON.stringify(html.slice(start, end - offset))}`),
    oncdata: (start, end, offset) => log.push(`cdata ${JSON.stringify(html.slice(start, end - offset))}`),
    ondeclaration: at('declaration'),
    onprocessinginstruction: at('instruction'),
    onend: () => log.push('end'),
    isInForeignContext: foreign,
    readsUnshownRawTextAsMarkup: () => false,
  };
  return { log, events };
}

function ours(html: string, xml = false): string[] {
  const r = recorder(html);
  tokenize(html, r.events, xml);
  return r.log;
}

function htmlparser2s(html: string, xml = false): string[] {
  const r = recorder(html);
  const t = new Tokenizer({ xmlMode: xml, decodeEntities: true }, r.events as unknown as Callbacks);
  t.write(html);
  t.end();
  return r.log;
}

test('the tokenizer reports what htmlparser2 own tokenizer reports, on edge cases', () => {
  const pages = [
    '<div class="a" id=b data-x=\'c\'>x</div>',
    '<DIV\tCLASS\n=\fvalue\rID = "i">t</DIV >',
    '<a href=x/>y</a><br/><img src=i.png alt= "z" />',
    '<p a b=c d>one<p e>two',
    '<x-y:z a-b:c=1 _q>w</x-y:z\n>',
    '<p =a>v</p><p a=>u</p><p a==b>s</p>',
    '<div class="k"',
    '<div cla',
    '<di',
    '</di',
    '<p>a</p   \t>b</p/>c',
    '<svg viewBox="0 0 1 1"><foreignObject><p>f</p></foreignObject></svg>',
    '<table><tr><td a=1>c<td>d</table>',
    'a &amp; b &lt;c&gt; &copy &notin; &#x41;&#65; &#xZZ; &bogus; &',
    '<a title="x &amp; y &quot;q&quot; &copy=1 &notit;">t</a><b title=\'&lt;\'>u</b><c t=a&amp;b>v</c>',
    '<!-- c --><!----><!--->x<!-->y<!-- a -- b --!><!-x><!>z<!doctype html><!DOCTYPE x><!doc>',
    '<?xml version="1.0"?><p>q</p><? bogus >',
    '<script>if (a < b && c > d) { x = "</div>"; }</script ><style>p>q{}</STYLE>t',
    '<title>a &amp; <b></title><textarea>x</p></textarea><xmp><i></xmp><iframe><p></iframe>',
    '<noembed><b></noembed><noframes><b></noframes><plaintext><b></b>',
    '<script>unclosed <b>',
    '<scripty>a</scripty><styles>b</styles><titles>c</titles>',
    '< p>a</ p>b<>c</>d<<p>e',
    '<!-- unclosed comment',
    '<!DOCTYPE unclosed',
    '<p title="unclosed',
    'text &am',
  ];
  for (const html of pages) assert.deepEqual(ours(html), htmlparser2s(html), html);
  // XML mode: instructions, declarations, CDATA sections and `/>` as XML has them.
  for (const xml of [
    '<?xml version="1.0"?><rss><channel><title>a &amp; b</title><x/><![CDATA[<p>c</p>]]></channel></rss>',
    '<!DOCTYPE rss><a><![CDATA[open',
    '<a>&nbsp;&amp;&#65;</a><b attr="&lt;"/>',
  ]) {
    assert.deepEqual(ours(xml, true), htmlparser2s(xml, true), xml);
  }
});

test('a <![CDATA[ in HTML content is a bogus comment up to the next >; in SVG and MathML it is CDATA', () => {
  assert.deepEqual(ours('<p>a</p><![CDATA[ x ]]><p>b</p>').slice(4, 6), ['comment "[CDATA[ x ]]"', 'open "p" 24-25']);
  assert.deepEqual(ours('<![CDATA[<div>post</div>').slice(0, 3), [
    'comment "[CDATA[<div"',
    'text "post" 14-18',
    'close "div" 20-23',
  ]);
  const r = recorder('<![CDATA[x<y>z]]>', () => true);
  tokenize('<![CDATA[x<y>z]]>', r.events);
  assert.deepEqual(r.log, ['cdata "x<y>z"', 'end']);
});
