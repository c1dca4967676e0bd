// The Node range package.json states is true (issue 32 item 17): every locked package that
// declares the Node versions it supports accepts every version of ours, so `npm ci` on any of
// them prints no EBADENGINE warning; and the README states the same range.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import semver from 'semver';

const root = new URL('../../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

interface LockEntry {
  version?: string;
  engines?: Record<string, string> | string[];
}

const range = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;

describe('the supported Node versions', () => {
  it('are accepted by every locked dependency that declares its own', () => {
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
    const declared = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const node = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      return path !== '' && node !== undefined ? [{ name: `${name}@${entry.version}`, node }] : [];
    });
    assert.ok(declared.length > 50, `only ${declared.length} packages declare engines`);
    const narrower = declared.filter((p) => !semver.subset(range, p.node)).map((p) => `${p.name} wants ${p.node}`);
    assert.deepEqual(narrower, [], `package.json says node ${range}`);
  });

  it('do not include Node 20, which reached its end of life in April 2026', () => {
    assert.equal(semver.intersects(range, '20.x'), false, range);
    assert.ok(semver.satisfies(semver.minVersion(range)!, '22.x'), range);
  });

  it('are the ones the README states', () => {
    assert.ok(read('README.md').includes(`\`${range}\``), `README.md should state Node \`${range}\``);
  });
});
