// parseHtml reads a page into the same tree as htmlparser2's Parser with domhandler's DomHandler
// (its own parse, TreeParser, replaces both): the implied closes, void elements, nested forms,
// foreign content (SVG and MathML names, self-closing, CDATA), `</p>` and `</br>`, entities,
// comments, declarations, unclosed tags at the end. Script and style text, which parseHtml does
// not keep, is left out of these inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument } from 'htmlparser2';
import type { AnyNode } from 'domhandler';
import { parseHtml } from '../../../src/parse/parse-html.js';

function shape(node: AnyNode): unknown {
  const n = node as AnyNode & { name?: string; attribs?: Record<string, string>; data?: string; children?: AnyNode[] };
  const out: unknown[] = [n.type];
  if (n.name !== undefined) out.push(n.name);
  if (n.attribs !== undefined) out.push(Object.entries(n.attribs));
  if (n.data !== undefined) out.push(n.data);
  if (n.children !== undefined) out.push(n.children.map(shape));
  return out;
}

const CASES = [
  '<p>a<p>b<div>c</div><h1>d<h2>e</h2><ul><li>f<li>g</ul>',
  '<table><thead><tr><th>a<th>b<tbody><tr><td>c<td>d<tr><td>e<tfoot><tr><td>f</table>',
  '<dl><dt>a<dd>b<dt>c</dl><ruby>x<rt>a<rp>b<rt>c</ruby>',
  '<select><option>a<option>b<optgroup><option>c</select><form><input name=a><button>b<output>c</form>',
  '<form id=a><form id=b><input></form></form><textarea>t<p></textarea>',
  '<a href=x>one<a href=y>two</a><body><head><link rel=x><script type="application/ld+json">{}</script><body>',
  '<br><br/><img src=a><IMG SRC=b><image src=c><hr><input><wbr><col><area><embed><source><track><meta><param><keygen><isindex><basefont><command>',
  '</p></br></br class=x><div></p></div></span>',
  '<svg viewBox="0 0 1 1"><clipPath id=a><path d=x /></clipPath><foreignObject><p>in<b>html</b></p></foreignObject><image href=i /><g/><text>t</text></svg><image>',
  '<math><mi>x</mi><mo>+</mo><annotation-xml><svg><desc><b>d</b></desc></svg></annotation-xml><mtext>t</mtext></math><title>t<b></title>',
  '<svg><![CDATA[ a < b ]]><title>x</title></svg><p><![CDATA[ c ]]>d</p>',
  '<!doctype html><!-- one --><!-- two --><?xml x?><p>&amp; &lt;b&gt; &#x41;&nbsp;&copy &notit; &unknown;</p>',
  '<div ID="a" id="b" Class="x" data-x="1 &amp; 2" hidden>t</div><p title=\'q\' alt=v>u</p>',
  '<Section><ARTICLE><Header>h</header>text</article></section><foo-bar x:y=1>c</foo-bar>',
  '<ul><li>a<ul><li>b</ul><li>c</ul><p><li>x</li>',
  '<div><span>open<b>bold<i>both',
  '<p>text <a href="x"',
  '<table><tr><td><table><tr><td>inner</table></td></tr></table>',
  '<details><summary>s</summary><p>a</details><figure><img src=x><figcaption>c</figcaption></figure>',
  '',
  'plain text',
];

test('parseHtml builds the tree htmlparser2 and domhandler build, in HTML', () => {
  for (const html of CASES) {
    const theirs = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
    assert.deepEqual(shape(parseHtml(html)), shape(theirs), html);
  }
});

test('parseHtml builds the tree htmlparser2 and domhandler build, in XML', () => {
  // (Without <script>: domhandler types it 'tag' in XML, parseHtml 'script' in both, as before.)
  for (const html of [...CASES.filter((c) => !c.includes('<script')), '<feed><entry/><Title>T</Title><![CDATA[ <b>x</b> ]]><?xml-stylesheet href="a"?><!DOCTYPE feed></feed>']) {
    const theirs = parseDocument(html, { xmlMode: true, decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
    assert.deepEqual(shape(parseHtml(html, { xml: true })), shape(theirs), html);
  }
});
