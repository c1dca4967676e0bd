import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Parser, type Handler } from 'htmlparser2';
import { HtmlTokenizer } from '../../../src/parse/html-tokenizer.js';

/** What htmlparser2's Parser reports for `html`, read by the given tokenizer (its own by default). */
function events(html: string, tokenizer?: typeof HtmlTokenizer): string[] {
  const log: string[] = [];
  const handler: Partial<Handler> = {
    onopentagname: (name) => log.push(`open ${name}`),
    onattribute: (name, value, quote) => log.push(`attr ${name}=${JSON.stringify(value)} ${String(quote)}`),
    onopentag: (name) => log.push(`opened ${name}`),
    onclosetag: (name, implied) => log.push(`close ${name} ${implied}`),
    ontext: (text) => log.push(`text ${JSON.stringify(text)}`),
    oncomment: (text) => log.push(`comment ${JSON.stringify(text)}`),
  };
  const parser = new Parser(handler, { decodeEntities: true, ...(tokenizer ? { Tokenizer: tokenizer } : {}) });
  parser.end(html);
  return log;
}

test('names read in runs (tags, end tags, attributes) give the events of htmlparser2 own tokenizer', () => {
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
  ];
  for (const html of pages) assert.deepEqual(events(html, HtmlTokenizer), events(html), html);
});
