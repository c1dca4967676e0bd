import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml } from '../../../../src/parse/parse-html.js';
import { collectPageFacts } from '../../../../src/extract/page/page-facts.js';
import { declaredAuthors } from '../../../../src/extract/page/declared-authors.js';

const authorsOf = (head: string): string[] => {
  const doc = parseHtml(`<!doctype html><html><head>${head}</head><body><p>Text.</p></body></html>`);
  return declaredAuthors(doc, collectPageFacts(doc).jsonLdScripts).sort();
};

test("people's full names from JSON-LD authors and the author meta tag, a byline's names split", () => {
  assert.deepEqual(
    authorsOf(
      '<meta name="author" content="By Ana Ruiz and Tom Becker">' +
        '<script type="application/ld+json">' +
        '{"@type":"NewsArticle","author":{"@type":"Person","name":"Mary J. Roe"}}</script>',
    ),
    ['Ana Ruiz', 'Mary J. Roe', 'Tom Becker'],
  );
});

test('a name with a particle joined by its own capital is a full name', () => {
  assert.deepEqual(
    authorsOf(
      '<script type="application/ld+json">' +
        '{"@type":"Article","author":[{"name":"Arricca Elin SanSone"},{"name":"Ryan McDonald"},' +
        '{"name":"Ana DeSantis"}]}</script>',
    ),
    ['Ana DeSantis', 'Arricca Elin SanSone', 'Ryan McDonald'],
  );
});

test('a site, a team or a one-word login signing the page is not a person', () => {
  assert.deepEqual(
    authorsOf(
      '<meta name="author" content="QCY Official">' +
        '<script type="application/ld+json">' +
        '{"@type":"Article","author":[{"name":"ServiceTitan"},{"name":"HR Cloud"}]}</script>',
    ),
    [],
  );
});
