// Every fixture page through the cleaner, both formats, compared with its expected files as
// strings. A failing page prints both texts; fix the code, or (if the expectation was wrong)
// the expected file, never both at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadFixtures, runFixture } from '../support/page-fixtures.js';

const fixtures = loadFixtures();

test('there are at least 30 fixture pages', () => {
  assert.ok(fixtures.length >= 30, `only ${fixtures.length}`);
});

for (const f of fixtures) {
  test(`fixture ${f.slug} (${f.request.tool})`, () => {
    const { expect } = f.request;
    for (const format of ['text', 'markdown'] as const) {
      const r = runFixture(f, format);
      if (expect.error) {
        assert.equal(r.ok, false, `${format}: expected ${expect.error}`);
        assert.equal(r.ok ? null : r.code, expect.error);
        if (expect.title !== undefined) assert.equal(r.title, expect.title);
        continue;
      }
      assert.ok(r.ok, `${format}: got no_content`);
      if (!r.ok) return;
      assert.equal(r.content, format === 'text' ? f.expectedText : f.expectedMarkdown, `${format} content differs`);
      assert.equal(r.profile, expect.extraction_profile ?? f.request.tool, 'extraction_profile');
      assert.equal(r.fallbackUsed, expect.fallback_used ?? false, 'fallback_used');
      assert.equal(r.truncated, expect.truncated ?? false, 'truncated');
      if (expect.title !== undefined) assert.equal(r.title, expect.title);
      assert.ok(r.content.length <= f.request.max_chars);
    }
  });
}
