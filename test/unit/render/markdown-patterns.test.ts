import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Root, RootContent } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { OPTIONS, serialize } from '../../../src/render/markdown.js';

// The serializer is handed its escaping patterns with every construct as a list (a saving in
// allocation): it must escape exactly what the library's own list escapes, in every construct
// our trees use, but an address's `&` that starts no character reference.
const text = (value: string) => ({ type: 'text' as const, value });
const tricky = [
  '# not a heading',
  '1. not a list',
  '- not an item',
  '+ nor this',
  '> not a quote',
  '*stars* and _underscores_ and snake_case_name',
  'a [bracket] and ![bang] and `tick` and ~tilde~',
  'AT&T &amp; &#38; <b>tag</b> <https://x.example>',
  'ends with a hash #',
  'back\\slash \\* and \\',
  'pipes | in | text',
  '=== setext? ---',
  'tab\there  and   spaces ',
];

function trees(): RootContent[][] {
  const out: RootContent[][] = [];
  for (const s of tricky) {
    out.push([{ type: 'paragraph', children: [text(s)] }]);
    out.push([{ type: 'heading', depth: 2, children: [text(s)] }]);
    out.push([{ type: 'paragraph', children: [{ type: 'emphasis', children: [text(s)] }, text(s)] }]);
    out.push([{ type: 'paragraph', children: [{ type: 'strong', children: [text(s)] }, { type: 'break' }, text(s)] }]);
    out.push([
      { type: 'paragraph', children: [{ type: 'link', url: `https://example.com/${s}`, children: [text(s)] }] },
    ]);
    out.push([{ type: 'paragraph', children: [{ type: 'image', url: `https://example.com/(${s})`, alt: s }] }]);
    out.push([{ type: 'paragraph', children: [{ type: 'inlineCode', value: s }] }]);
    out.push([{ type: 'code', lang: s.split(' ')[0] ?? null, value: s }]);
    out.push([
      {
        type: 'table',
        align: null,
        children: [
          { type: 'tableRow', children: [{ type: 'tableCell', children: [text(s)] }] },
          { type: 'tableRow', children: [{ type: 'tableCell', children: [text(s)] }] },
        ],
      },
    ]);
    out.push([
      {
        type: 'list',
        ordered: false,
        spread: false,
        children: [
          {
            type: 'listItem',
            spread: false,
            children: [{ type: 'blockquote', children: [{ type: 'paragraph', children: [text(s)] }] }],
          },
        ],
      },
    ]);
  }
  return out;
}

/** The library's output with the escape dropped from each `\&` in an address that starts no reference. */
function withAddressAmpersands(markdown: string): string {
  return markdown.replace(/\]\([^\s)]*(?:\\\)[^\s)]*)*/g, (address) =>
    address.replace(/\\&(?!#\d{1,7};|#x[\da-f]{1,6};|[a-z][a-z\d]{0,31};)/gi, '&'),
  );
}

test('markdown escapes exactly what the library escapes with its own patterns, but plain & in addresses', () => {
  for (const children of trees()) {
    const root: Root = { type: 'root', children };
    const library = withAddressAmpersands(toMarkdown(root, OPTIONS).replace(/(?<!\n)\n+$/, ''));
    assert.equal(serialize(children), library, JSON.stringify(children));
  }
});

test("an address's & is written as it is, but where a reader would decode a character reference", () => {
  const url = 'https://x.example/a?b=1&c=2&amp;d=3&#38;e&#x26;f&x';
  const children: RootContent[] = [
    { type: 'paragraph', children: [{ type: 'link', url, children: [text('AT&T &amp; co')] }] },
    { type: 'paragraph', children: [{ type: 'image', url, alt: 'a & b' }] },
  ];
  const markdown = serialize(children);
  const written = 'https://x.example/a?b=1&c=2\\&amp;d=3\\&#38;e\\&#x26;f&x';
  assert.equal(markdown, `[AT\\&T \\&amp; co](${written})\n\n![a & b](${written})`);
  // A CommonMark reader reads the same address back.
  const read = fromMarkdown(markdown);
  const [link, image] = read.children.map((p) => (p as { children: Array<{ url: string }> }).children[0]!);
  assert.equal(link!.url, url);
  assert.equal(image!.url, url);
});
