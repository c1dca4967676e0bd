import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Element } from 'domhandler';
import { parseHtml } from '../../../../../src/parse/parse-html.js';
import { attribute } from '../../../../../src/parse/nodes.js';
import { findElement } from '../../../../../src/extract/dom/walk.js';
import { isPostSignature } from '../../../../../src/extract/content/exclude/post-signatures.js';
import { wholePageRule } from '../../../../../src/extract/content/exclude/whole-page-chrome.js';
import { Exclusions } from '../../../../../src/extract/content/exclude/exclusions.js';
import { contentTextAt } from '../../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://bbs.example/viewtopic.php?id=4711');

const POSTS = [
  'I upgraded the kernel this morning and now the wireless card is not found at boot any more; the module loads ' +
    'by hand but the interface never comes up until I restart the network service.',
  'Check whether the firmware package was updated with the kernel: the new driver wants a newer firmware file and ' +
    'falls back silently when it cannot find one, which looks exactly like what you describe.',
  'That was it. After installing the firmware from the testing repository the card comes up at boot again, and ' +
    'the interface keeps its address after a suspend too. Thank you for the quick answer.',
];

// FluxBB prints each post's signature in a box of its own under the message ("postsignature").
const fluxPost = (text: string, sig: string): string =>
  `<div class="blockpost"><div class="postbody"><div class="postright"><div class="postmsg"><p>${text}</p>` +
  `<div class="postsignature postmsg"><hr><p>${sig}</p></div></div></div></div></div>`;

test('a forum signature under each post ("postsignature") is left out of the thread', () => {
  const html =
    `<html><head><title>Wireless card gone after kernel upgrade</title></head><body><div id="brdmain">` +
    `<h1>Wireless card gone after kernel upgrade</h1>` +
    `${fluxPost(POSTS[0]!, 'Running Arch on a ThinkPad X220 since 2014')}` +
    `${fluxPost(POSTS[1]!, 'Please mark your thread [SOLVED] when it is')}` +
    `${fluxPost(POSTS[2]!, 'Running Arch on a ThinkPad X220 since 2014')}</div></body></html>`;
  const text = contentText(html);
  for (const p of POSTS) assert.ok(text.includes(p.slice(0, 60)), text);
  assert.ok(!text.includes('ThinkPad X220'), text);
  assert.ok(!text.includes('mark your thread'), text);
});

const judge = (html: string, cls: string): boolean => {
  const el = findElement(parseHtml(html), (e) => attribute(e, 'class') === cls) as Element;
  return isPostSignature(el, cls);
};

test("a signature's box is named by its class: phpBB, FluxBB and Invision spell it so", () => {
  for (const cls of ['signature', 'postsignature postmsg', 'ipsEntry__signature', 'post-signature']) {
    assert.equal(
      judge(`<html><body><div class="${cls}"><p>My gear: a Fender and a tube amp</p></div></body></html>`, cls),
      true,
      cls,
    );
  }
  // A class that only carries the word, and an id, name no signature.
  assert.equal(
    judge('<html><body><div class="signatures-count"><p>1,199 signatures</p></div></body></html>', 'signatures-count'),
    false,
  );
  assert.equal(
    judge(
      '<html><body><div class="digital-signature-row"><p>Sign documents online</p></div></body></html>',
      'digital-signature-row',
    ),
    false,
  );
});

test('a section named for a signature that holds a heading, or a long text, is not a signature', () => {
  const section =
    '<html><body><div class="signature-features"><h2>Signature collection</h2>' +
    '<p>Hand-finished leather.</p></div></body></html>';
  assert.equal(judge(section, 'signature-features'), false);
  const all = POSTS.join(' ');
  const long = `<html><body><div class="signature"><p>${all} ${all} ${all}</p></div></body></html>`;
  assert.equal(judge(long, 'signature'), false);
});

test('the whole-page reading leaves a signature out with the chrome', () => {
  const doc = parseHtml(
    `<html><body><div class="post"><p>${POSTS[0]}</p>` +
      '<div class="signature">Aquarium: 220 gallon cichlid tank</div></div></body></html>',
  );
  const sig = findElement(doc, (e) => attribute(e, 'class') === 'signature') as Element;
  const post = findElement(doc, (e) => attribute(e, 'class') === 'post') as Element;
  const ex = new Exclusions();
  assert.equal(wholePageRule(ex, sig), 'post signature');
  assert.equal(wholePageRule(ex, post), null);
});
