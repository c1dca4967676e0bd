// docs/architecture.md stays true to the code: every path it names exists, every folder of src/
// has a row in its picture, imports between folders only go down the picture (or along a row),
// and no two folders import each other, however indirectly.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { markdownNodes } from '../../support/markdown-nodes.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const doc = fromMarkdown(readFileSync(join(root, 'docs/architecture.md'), 'utf8'));

/** Every file and folder under src/, as paths relative to src/ (folders end with '/'). */
function srcEntries(): string[] {
  const out: string[] = [];
  const stack = [''];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    for (const e of readdirSync(join(root, 'src', dir), { withFileTypes: true })) {
      if (e.isDirectory()) {
        out.push(`${dir}${e.name}/`);
        stack.push(`${dir}${e.name}/`);
      } else out.push(dir + e.name);
    }
  }
  return out;
}
const entries = srcEntries();

/** The first-level folder of src/ a source file belongs to ('' for files at the top). */
function folderOf(pathInSrc: string): string {
  const cut = pathInSrc.indexOf('/');
  return cut === -1 ? '' : pathInSrc.slice(0, cut);
}

/** Source files of src/ and the src/ files each imports by a relative path. */
function imports(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of entries.filter((e) => /\.c?ts$/.test(e))) {
    const text = readFileSync(join(root, 'src', file), 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(/(?:from |import |import\()'(\.{1,2}\/[^']*)'/g)) {
      targets.push(relative(join(root, 'src'), join(root, 'src', dirname(file), m[1]!)));
    }
    out.set(file, targets);
  }
  return out;
}

/** A name the page gives in code: a path, a folder or a bare file name. */
const PATH_LIKE = /^[\w.-][\w./-]*(?:\/|\.(?:ts|cts|js|mjs|json|yaml))$/;

/** Whether a name the page gives exists: from the repository root, from src/, or as a file of src/. */
function exists(name: string): boolean {
  if (name.startsWith('dist/')) return true; // built output, not in the checkout
  if (existsSync(join(root, name)) || existsSync(join(root, 'src', name))) return true;
  if (!name.includes('/')) return entries.some((e) => basename(e) === name);
  // a folder named relative to its parent (`clean/` under tools/)
  return name.endsWith('/') && !name.slice(0, -1).includes('/') && entries.some((e) => e.endsWith(`/${name}`));
}

/** The picture's rows: for each first-level folder of src/, its row (0 = top). */
function rows(): Map<string, number> {
  const picture = markdownNodes(doc).find((n) => n.type === 'code');
  assert.ok(picture && picture.type === 'code', 'docs/architecture.md opens with its picture');
  const out = new Map<string, number>();
  picture.value.split('\n').forEach((line, row) => {
    for (const word of line.split(/\s+/)) {
      const folder = word.endsWith('/') ? word.slice(0, -1) : '';
      if (folder !== '' && !folder.includes('/') && existsSync(join(root, 'src', folder)) && !out.has(folder))
        out.set(folder, row);
    }
  });
  return out;
}

describe('docs/architecture.md', () => {
  it('names only files and folders that exist', () => {
    const names = new Set<string>();
    for (const node of markdownNodes(doc)) {
      if (node.type === 'inlineCode') {
        for (const part of node.value.split(/[\s,]+/)) if (PATH_LIKE.test(part)) names.add(part);
      } else if (node.type === 'code') {
        for (const word of node.value.split(/[\s,;()]+/)) if (PATH_LIKE.test(word)) names.add(word);
      }
    }
    assert.ok(names.size >= 30, `found only ${names.size} paths`);
    const missing = [...names].filter((n) => !exists(n));
    assert.deepEqual(missing, [], 'paths named in docs/architecture.md that do not exist');
  });

  it('has every folder of src/ in its picture', () => {
    const pictured = rows();
    const folders = entries.filter((e) => e.endsWith('/') && !e.slice(0, -1).includes('/')).map((e) => e.slice(0, -1));
    assert.deepEqual(
      folders.filter((f) => !pictured.has(f)),
      [],
      'folders of src/ missing from the picture',
    );
  });

  it('imports between folders of src/ go down the picture or along a row', () => {
    const pictured = rows();
    const upward: string[] = [];
    for (const [file, targets] of imports()) {
      const from = folderOf(file);
      for (const target of targets) {
        const to = folderOf(target);
        if (from === '' || to === '' || from === to) continue;
        if ((pictured.get(to) ?? Infinity) < (pictured.get(from) ?? -1)) upward.push(`${file} -> ${target}`);
      }
    }
    assert.deepEqual(upward, [], 'imports that go up the picture');
  });

  it('has no import cycle between folders of src/', () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, targets] of imports()) {
      const from = folderOf(file);
      for (const target of targets) {
        const to = folderOf(target);
        if (from === '' || to === '' || from === to) continue;
        if (!edges.has(from)) edges.set(from, new Set());
        edges.get(from)!.add(to);
      }
    }
    // A folder on a cycle reaches itself.
    const onCycle: string[] = [];
    for (const start of edges.keys()) {
      const seen = new Set<string>();
      const stack = [...(edges.get(start) ?? [])];
      while (stack.length > 0) {
        const at = stack.pop()!;
        if (at === start) {
          onCycle.push(start);
          break;
        }
        if (seen.has(at)) continue;
        seen.add(at);
        stack.push(...(edges.get(at) ?? []));
      }
    }
    assert.deepEqual(onCycle, [], 'folders of src/ on an import cycle');
  });
});
