// Every relative link in the README, the CHANGELOG and docs/*.md leads somewhere: the file (or
// folder) exists, and a #fragment names a heading of the target as GitHub renders its anchors.
// Docs are cut and moved often; a link left pointing at a section that moved is caught here.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString } from 'mdast-util-to-string';
import type { Nodes } from 'mdast';
import { markdownNodes } from '../../support/markdown-nodes.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The markdown files a reader browses: README.md, CHANGELOG.md and every docs/*.md. */
function docFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f));
  return ['README.md', 'CHANGELOG.md', ...docs].filter((f) => existsSync(join(root, f)));
}

const trees = new Map<string, Nodes>();
function tree(file: string): Nodes {
  let t = trees.get(file);
  if (!t) trees.set(file, (t = fromMarkdown(readFileSync(join(root, file), 'utf8'))));
  return t;
}

/** The anchors GitHub gives a file's headings (repeated headings get -1, -2, ...). */
function anchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  return new Set(
    markdownNodes(tree(file))
      .filter((n) => n.type === 'heading')
      .map((n) => slugger.slug(toString(n))),
  );
}

/** Links with a scheme (https:, mailto:) or protocol-relative ones leave the repository. */
const EXTERNAL = /^(?:[a-z][\d+.a-z-]*:|\/\/)/i;

describe('links in the README and docs', () => {
  const files = docFiles();

  it('covers the README and the docs', () => {
    assert.ok(files.includes('README.md'));
    assert.ok(files.filter((f) => f.startsWith('docs')).length >= 10, files.join(', '));
  });

  for (const file of files) {
    it(`every relative link in ${file} leads to an existing file and heading`, () => {
      const broken: string[] = [];
      for (const node of markdownNodes(tree(file))) {
        if (node.type !== 'link' && node.type !== 'definition') continue;
        const url = node.url;
        if (EXTERNAL.test(url)) continue;
        const hash = url.indexOf('#');
        const path = decodeURIComponent(hash === -1 ? url : url.slice(0, hash));
        const fragment = hash === -1 ? '' : decodeURIComponent(url.slice(hash + 1));
        const target = path === '' ? file : relative(root, join(root, dirname(file), path));
        if (!existsSync(join(root, target))) {
          broken.push(`${url}: no file ${target}`);
          continue;
        }
        if (fragment !== '' && target.endsWith('.md') && !anchors(target).has(fragment)) {
          broken.push(`${url}: ${target} has no heading #${fragment}`);
        }
      }
      assert.deepEqual(broken, [], `${file} has broken links`);
    });
  }
});
