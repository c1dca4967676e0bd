import { test } from 'node:test';
import assert from 'node:assert/strict';
import { contentTextAt } from '../../../support/content-text.js';

const contentText = (html: string): string => contentTextAt(html, 'https://lab.example/newsletter/fitness-protocol');

const PROSE =
  'I designed this protocol to address all major fitness goals, including strength, hypertrophy, endurance, and ' +
  'cardiovascular training, and I describe the protocol below with examples.';

test("a whole document pasted into the head does not hide the page's body", () => {
  const html = `<!DOCTYPE html><html><head><title>Fitness Protocol</title>
<style>.rich-text a { color: blue; }</style>
<!DOCTYPE html>
<html lang="en">
<head>
    <!-- Meta tags, styles, and title here -->
</head>
<body>
</body>
</html>
</head><body><main><article class="post-content"><h1>Fitness Protocol</h1>
<p>${PROSE}</p><p>${PROSE}</p><p>${PROSE}</p></article></main></body></html>`;
  const text = contentText(html);
  assert.ok(text.includes('I designed this protocol to address all major fitness goals'), text);
});

test("a body nested in the page's body (not in the head) is left as the parse has it", () => {
  const html =
    `<html><head><title>Post</title></head><body><div class="entry"><p>${PROSE}</p><p>${PROSE}</p><p>` +
    `${PROSE}</p></div></body></html>`;
  assert.ok(contentText(html).includes('cardiovascular training'));
});
