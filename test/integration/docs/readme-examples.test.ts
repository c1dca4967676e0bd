// The README's example answers cannot go stale (issue 32 item 7): each region is compared with
// what the built service answers now to the curl command above it (scripts/readme-examples.ts,
// against the loopback site of scripts/readme-site.ts). Only clock readings, measured times and
// ids may differ; any other field added, dropped or changed fails until `npm run docs:examples`.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  answers,
  comparable,
  findExamples,
  README,
  showJson,
  shownIn,
  withAnswers,
} from '../../../scripts/readme-examples.js';

const root = new URL('../../../../', import.meta.url);

describe("the README's example answers", () => {
  const readme = readFileSync(new URL(README, root), 'utf8');
  const examples = findExamples(readme);

  it('are one per tool, and a rejected call, each after the curl command it answers', () => {
    assert.deepEqual(
      examples.map((e) => `${e.name} ${e.method} ${e.path}`),
      [
        'clean_web_index POST /api/v1/tools/clean_web_index',
        'clean_web_content POST /api/v1/tools/clean_web_content',
        'get_url_metadata POST /api/v1/tools/get_url_metadata',
        'check_url_status POST /api/v1/tools/check_url_status',
        'rejected_call POST /api/v1/tools/check_url_status',
      ],
    );
  });

  it('are what the running service answers now', async () => {
    // The service started for the examples takes this environment. A worker's start is bounded by
    // the task budget (10 s by default), which a loaded machine passes: then the first example is
    // a `timeout` item. The bound does not show in any answer.
    process.env.URLKIT_WORKER_TASK_TIMEOUT_MS = '120000';
    const now = await answers(examples);
    for (const example of examples) {
      const shown = shownIn(readme.slice(example.start, example.end));
      const answer: unknown = JSON.parse(now.get(example.name)!);
      assert.deepEqual(
        comparable(shown),
        comparable(answer),
        `README.md example ${example.name} is not what the service answers: run npm run docs:examples`,
      );
    }
    // Regenerating a current README changes no byte (ids and clock readings are kept as shown).
    assert.equal(withAnswers(readme, examples, now), readme);
    // The fields issue 32 found missing: the cache's, on every fetched item.
    const metadata = JSON.parse(now.get('get_url_metadata')!) as { data: { results: Array<{ meta: object }> } };
    assert.ok(['cached', 'fetched_at'].every((field) => field in metadata.data.results[0]!.meta));
  });

  it('print short objects on one line and the rest indented', () => {
    const value = { a: [{ url: 'x', n: 1 }], b: {}, c: { d: 'long '.repeat(30) } };
    assert.equal(
      showJson(value),
      [
        '{',
        '  "a": [',
        '    { "url": "x", "n": 1 }',
        '  ],',
        '  "b": {},',
        '  "c": {',
        `    "d": ${JSON.stringify(value.c.d)}`,
        '  }',
        '}',
      ].join('\n'),
    );
    assert.deepEqual(JSON.parse(showJson(value)), value);
  });

  it('pack the fields of an object of plain values several a line, within the width', () => {
    const meta = { url: 'https://example.com/'.repeat(3), status_code: 200, truncated: false, retries: 0 };
    assert.equal(
      showJson({ meta }),
      [
        '{',
        '  "meta": {',
        `    "url": ${JSON.stringify(meta.url)}, "status_code": 200,`,
        '    "truncated": false, "retries": 0',
        '  }',
        '}',
      ].join('\n'),
    );
    assert.deepEqual(JSON.parse(showJson({ meta })), { meta });
  });
});
