import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { toBlocks } from '../../../../../src/extract/to-blocks/to-blocks.js';
import { inlineText } from '../../../../../src/extract/to-blocks/block-text.js';
import { isHiddenByMarkup } from '../../../../../src/extract/dom/visibility.js';
import type { Block } from '../../../../../src/extract/blocks.js';
import { createUrlResolver } from '../../../../../src/extract/dom/url-resolver.js';
import { pruneBlocks } from '../../../../../src/extract/content/passes/link-lines.js';

function blocksOf(html: string): Block[] {
  const doc = parseHtml(html);
  return toBlocks(doc, createUrlResolver(doc, 'https://docs.example/api/Socket'), {
    isHidden: isHiddenByMarkup,
  });
}

function lines(blocks: Block[]): string[] {
  return blocks.map((b) => (b.type === 'paragraph' || b.type === 'heading' ? inlineText(b.children).trim() : b.type));
}

test('a <dt> is a paragraph marked as a term; <dd> and <p> are not', () => {
  const blocks = blocksOf('<dl><dt>Term</dt><dd>Its description.</dd></dl><p>Text.</p>');
  assert.deepEqual(
    blocks.map((b) => b.type),
    ['paragraph', 'paragraph', 'paragraph'],
  );
  assert.deepEqual(
    blocks.map((b) => b.type === 'paragraph' && b.term === true),
    [true, false, false],
  );
});

/** A reference's member list: each term is one link to the member's page. */
const members =
  `<h2>Instance methods</h2><dl>
<dt><a href="/api/Socket/close"><code>Socket.close()</code></a></dt><dd>Closes the connection.</dd>
<dt><a href="/api/Socket/send"><code>Socket.send()</code></a></dt><dd><p>` +
  `Enqueues data to be transmitted to the server.</p></dd>
<dt><a href="/api/Socket/url"><code>Socket.url</code></a> <span class="badge">Read only</span></dt><dd>` +
  `The absolute URL of the socket.</dd>
</dl>`;

test("a term that is one link, over a description in prose, is the description's heading: kept", () => {
  const kept = lines(pruneBlocks(blocksOf(members), new WeakSet()));
  assert.deepEqual(kept, [
    'Instance methods',
    'Socket.close()',
    'Closes the connection.',
    'Socket.send()',
    'Enqueues data to be transmitted to the server.',
    'Socket.url Read only',
    'The absolute URL of the socket.',
  ]);
});

test('the same link as a paragraph (not a term) is still a link line', () => {
  const html = members.replace(/<(\/?)dt>/g, '<$1p>');
  assert.doesNotMatch(lines(pruneBlocks(blocksOf(html), new WeakSet())).join('\n'), /Socket\.close\(\)/);
});

test('terms over no prose stay link lines: a link description, a short label, a term of several links', () => {
  const html =
    `<p>An intro paragraph that stays where it is.</p><dl>
<dt><a href="/a">Downloads</a></dt><dd><a href="/a/1">Version one</a> <a href="/a/2">Version two</a></dd>
<dt><a href="/u/7">someone</a></dt><dd>Joined: Jul 2012</dd>
<dt><a href="/f.zip">logs.zip</a></dt><dd>(95.79 KiB) Downloaded 478 times</dd>
<dt>[1] <a href="/abs/1">arXiv:1</a> [<a href="/pdf/1">pdf</a>, <a href="/html/1">html</a>]</dt><dd>` +
    `Title: A study of the way things are read by people.</dd>
</dl>`;
  const kept = lines(pruneBlocks(blocksOf(html), new WeakSet())).join('\n');
  assert.doesNotMatch(kept, /Downloads|Version one|someone|logs\.zip|arXiv:1/);
  assert.match(kept, /Joined: Jul 2012/);
  assert.match(kept, /A study of the way things are read/);
});
