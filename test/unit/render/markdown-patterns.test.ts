import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Root, RootContent } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { OPTIONS, serialize } from '../../../src/render/markdown.js';

// The serializer is handed its escaping patterns with every construct as a list (a saving in
// allocation): it must escape exactly what the library's own list escapes, in every construct
// our trees use; but in addresses, whose `&` and parentheses it escapes only where a reader would
// read them otherwise: an address is read back as it was written.
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
    // Addresses without the characters escaped otherwise in them (below).
    const path = s.replace(/[&()]/g, '');
    out.push([
      { type: 'paragraph', children: [{ type: 'link', url: `https://example.com/${path}`, children: [text(s)] }] },
    ]);
    out.push([{ type: 'paragraph', children: [{ type: 'image', url: `https://example.com/${path}`, alt: s }] }]);
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

test('markdown escapes exactly what the library escapes with its own patterns', () => {
  for (const children of trees()) {
    const root: Root = { type: 'root', children };
    const library = toMarkdown(root, OPTIONS).replace(/(?<!\n)\n+$/, '');
    assert.equal(serialize(children), library, JSON.stringify(children));
  }
});

/** The address a CommonMark reader reads of a paragraph holding one link or image; null: it reads another shape. */
function readBack(markdown: string): string | null {
  const paragraph = fromMarkdown(markdown).children[0] as { children: Array<{ url?: string }> } | undefined;
  return paragraph?.children.length === 1 ? (paragraph.children[0]!.url ?? null) : null;
}

test('every address is read back as it was written: its parentheses, brackets, backslashes and &', () => {
  const characters = ['(', ')', ']', '[', '\\', '&', 'a'];
  const paths = [''];
  for (let length = 1; length <= 4; length++)
    for (const path of paths.filter((p) => p.length === length - 1)) paths.push(...characters.map((c) => path + c));
  for (const path of paths) {
    const url = `https://x.example/${path}`;
    const link = serialize([{ type: 'paragraph', children: [{ type: 'link', url, children: [text('x')] }] }]);
    const image = serialize([{ type: 'paragraph', children: [{ type: 'image', url, alt: 'x' }] }]);
    assert.equal(readBack(link), url, link);
    assert.equal(readBack(image), url, image);
  }
});

test("an address's pair of parentheses is written as it is; one without its pair is escaped", () => {
  const write = (url: string) =>
    serialize([{ type: 'paragraph', children: [{ type: 'link', url, children: [text('x')] }] }]);
  assert.equal(
    write('https://en.wikipedia.org/wiki/Mercury_(planet)'),
    '[x](https://en.wikipedia.org/wiki/Mercury_(planet))',
  );
  assert.equal(write('https://x.example/a)b(c'), '[x](https://x.example/a\\)b\\(c)');
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
