// A text/markdown body read as the page it stands for (extract/markdown/markdown-page.ts,
// workers/clean-markdown.ts): its title, its links, what of it is text, and hostile documents.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanMarkdown } from '../../../../src/workers/clean-markdown.js';
import type { CleanOptions } from '../../../../src/workers/clean-document.js';
import { markdownPage } from '../../../../src/extract/markdown/markdown-page.js';
import { markdownMetadata } from '../../../../src/extract/metadata/markdown-document.js';

const URL_ = 'https://docs.example/guide/start.md';

function clean(source: string, options: Partial<CleanOptions> = {}) {
  return cleanMarkdown(source, {
    finalUrl: URL_,
    profile: 'content',
    format: 'markdown',
    includeTitle: true,
    maxChars: 100_000,
    ...options,
  });
}

function content(source: string, options: Partial<CleanOptions> = {}): string {
  const r = clean(source, options);
  assert.ok(r.ok, 'content found');
  return r.content;
}

describe('a markdown document', () => {
  it('is titled by its first-level heading, printed once under the title line', () => {
    const r = clean('# Getting started\n\nInstall the tool, then run it once.\n');
    assert.ok(r.ok);
    assert.equal(r.title, 'Getting started');
    assert.equal(r.content, '# Getting started\n\nInstall the tool, then run it once.');
    assert.equal(content('# Getting started\n\nRun it.\n', { includeTitle: false }), 'Run it.');
  });

  it('takes the title its front matter declares when no heading tells the story, and never prints the front matter', () => {
    const r = clean('---\ntitle: "Release notes: 3.0"\ndraft: false\n---\n\n## Faster builds\n\nBuilds are cached.\n');
    assert.ok(r.ok);
    assert.equal(r.title, 'Release notes: 3.0');
    assert.doesNotMatch(r.content, /draft/);
    assert.match(r.content, /^# Release notes: 3\.0\n\n## Faster builds\n\nBuilds are cached\.$/);
  });

  it('is titled by the heading that opens it when nothing else titles it', () => {
    const r = clean('## Changelog\n\nEverything that changed.\n', { includeTitle: false });
    assert.ok(r.ok);
    assert.equal(r.title, 'Changelog');
    assert.equal(r.content, 'Everything that changed.');
    const untitled = clean('Just a note.\n');
    assert.ok(untitled.ok);
    assert.equal(untitled.title, '');
    assert.equal(untitled.content, 'Just a note.');
  });

  it('ignores front matter that is not YAML, or whose title is not a string', () => {
    for (const matter of ['title: [unclosed', 'title:\n  - a\n  - b', 'just words', 'title: 42']) {
      const r = clean(`---\n${matter}\n---\n\nThe body of the note.\n`);
      assert.ok(r.ok);
      assert.equal(r.title, '', matter);
      assert.equal(r.content, 'The body of the note.', matter);
    }
  });

  it('logs nothing of what its front matter warns of', async () => {
    const warnings: unknown[] = [];
    const onWarning = (w: unknown) => warnings.push(w);
    process.on('warning', onWarning);
    try {
      const r = clean('---\ntitle: !shout Loud\nnote: !!binary aGk=\n---\n\nBody.\n');
      assert.ok(r.ok);
      assert.equal(r.title, 'Loud');
      // A process warning is emitted on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    assert.deepEqual(warnings, []);
  });

  it('does not expand a front matter of aliases past their limit', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `${'b'.repeat(i)}: &${'b'.repeat(i)} [${Array(9)
          .fill(i === 1 ? '*a' : `*${'b'.repeat(i - 1)}`)
          .join(',')}]`,
      );
    lines.push('title: Aliases');
    const r = clean(`---\n${lines.join('\n')}\n---\n\nBody text.\n`);
    assert.ok(r.ok);
    assert.equal(r.title, '');
    assert.equal(r.content, 'Body text.');
  });

  it('resolves relative links against the final URL and leaves same-page links as their words', () => {
    const md = content('See [the reference](../ref/cli.md), [home](/), and [below](#usage).\n', {
      includeTitle: false,
    });
    assert.equal(md, 'See [the reference](https://docs.example/ref/cli.md), [home](https://docs.example/), and below.');
  });

  it('keeps every part of the document a web page would lose as chrome: link lists, short lines', () => {
    const md = content('# Plugins\n\n- [Lint](lint.md)\n- [Format](format.md)\n- [Test](test.md)\n\nMIT\n');
    assert.equal(
      md,
      '# Plugins\n\n- [Lint](https://docs.example/guide/lint.md)\n' +
        '- [Format](https://docs.example/guide/format.md)\n- [Test](https://docs.example/guide/test.md)\n\nMIT',
    );
  });

  it('reads GitHub tables, task lists, footnotes and bare addresses', () => {
    const source =
      '| Flag | Default |\n|---|---|\n| `--out` | `dist` |\n\n- [x] Install\n- [ ] Configure\n\n' +
      'Cached[^1] results; see https://example.com/cache for more.\n\n[^1]: On disk.\n';
    const text = content(source, { format: 'text', includeTitle: false });
    assert.equal(
      text,
      'Flag | Default\n--out | dist\n[x] Install\n[ ] Configure\n' +
        'Cached[1] results; see [https://example.com/cache](https://example.com/cache) for more.\n1. On disk.',
    );
  });

  it('reads raw HTML as the page would show it: no script, no style, no javascript: link', () => {
    const source =
      'Press <kbd>Ctrl</kbd>+<kbd>C</kbd>.\n\n<script>track()</script>\n\n<style>p{}</style>\n\n' +
      '[click](javascript:alert(1)) <a href="javascript:alert(2)">here</a>\n\n<div hidden>Secret</div>\n';
    const md = content(source, { includeTitle: false });
    assert.doesNotMatch(md, /track|p\{\}|Secret|\]\(javascript/);
    // The renderer refuses the scheme: the first is printed as the text it is, the second as its words.
    assert.equal(md, 'Press `Ctrl`+`C`.\n\n\\[click]\\(javascript:alert(1)) here');
  });

  it('is no content when it holds no text', () => {
    const r = clean('---\ntitle: Empty\n---\n\n<!-- nothing yet -->\n');
    assert.equal(r.ok, false);
  });

  // Each is read within the worker's budget like any page; nesting past the renderer's limit (100
  // levels) is not read at all, so the deep ones may be no content.
  it('reads hostile documents without failing: deep nesting, runs of markers', () => {
    const hostile = [
      '>'.repeat(200_000) + ' deep',
      '- '.repeat(100_000) + 'deep',
      '*a'.repeat(100_000),
      '['.repeat(200_000),
      '[a]('.repeat(50_000),
      '<div>\n'.repeat(50_000) + 'deep',
      '|a'.repeat(20_000) + '\n' + '|-'.repeat(20_000) + '\n' + '|x'.repeat(20_000),
    ];
    for (const source of hostile) {
      const r = clean(source, { format: 'text', maxChars: 1000 });
      if (r.ok) assert.ok(r.content.length <= 1000, source.slice(0, 10));
      else assert.equal(r.code, 'no_content');
    }
  });
});

describe('a markdown document of many uses of one long reference', () => {
  it('copies its address into the page up to a budget, then reads the links as their words', () => {
    const address = 'https://docs.example/' + 'a'.repeat(100_000);
    // 120 KB of markdown that would print 500 MB of addresses.
    const source = `[ref]: ${address}\n\n` + '[ref] '.repeat(5_000);
    const r = clean(source, { includeTitle: false, maxChars: 10_000_000 });
    assert.ok(r.ok);
    // (The page's parser keeps 16 KiB of an attribute: each link prints the start of the address.)
    const copies = r.content.match(/\]\(https:\/\/docs\.example\/a{1000,}\)/g)?.length ?? 0;
    // Within the budget: the document's own length and 1 MiB more, about 11 copies here.
    assert.ok(copies >= 10 && copies <= 12, `${copies} copies`);
    assert.ok(r.content.length < 3 * (1 << 20), `${r.content.length} characters`);
    assert.match(r.content, /\) ref ref ref/);
  });
});

describe("a markdown document's metadata", () => {
  const metadata = (source: string) => {
    const { doc, matter } = markdownPage(source);
    return markdownMetadata(doc, matter, URL_, { 'last-modified': 'Tue, 01 Jan 2026 00:00:00 GMT' });
  };

  it('is what its front matter declares, keys as generators write them', () => {
    const m = metadata(
      '---\ntitle: Start here\nsummary: The first steps.\nauthor: { name: Ann Lee }\npubDate: 2026-02-03\n' +
        'keywords: "setup, install, Setup"\ncanonicalURL: /guide/start\n---\n\n# Getting started\n',
    );
    assert.equal(m.title, 'Start here');
    assert.equal(m.description, 'The first steps.');
    assert.equal(m.author, 'Ann Lee');
    assert.equal(m.published_at, '2026-02-03');
    assert.equal(m.modified_at, '2026-01-01T00:00:00Z');
    assert.deepEqual(m.keywords, ['setup', 'install']);
    assert.equal(m.canonical_url, 'https://docs.example/guide/start');
  });

  it('falls back to the first heading, then the file name, and declares nothing from a front matter that is no mapping', () => {
    const m = metadata('---\n- a\n- b\n---\n\nIntro.\n\n# Getting started\n\n## Next\n');
    assert.equal(m.title, 'Getting started');
    assert.equal(m.description, '');
    assert.equal(m.author, null);
    assert.deepEqual(m.keywords, []);
    assert.equal(metadata('Just text, date: 2026-01-01.\n').title, 'start.md');
    assert.equal(metadata('---\ndate: someday\ntitle: 7\n---\n\nText.\n').published_at, null);
  });

  it("is described by its lead paragraph when nothing declares a description (an llms.txt's summary line)", () => {
    const summary = 'Tern caches build outputs across machines, so a second build of the same commit takes seconds.';
    const m = metadata(
      '# Tern\n\n[![CI](https://ci.example/badge.svg)](https://ci.example/tern)\n\n' +
        `> ${summary}\n\n## Docs\n\n- [Quick start](/docs/start.md): install and first run\n`,
    );
    assert.equal(m.title, 'Tern');
    assert.equal(m.description, summary);
    assert.equal(metadata('# Tern\n\nA cache.\n').description, '');
  });
});
