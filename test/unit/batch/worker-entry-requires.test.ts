// The compiled worker entry (dist/src/workers/worker-entry.cjs) may require() only Node's own
// modules. Piscina loads the entry with require(); a require() of one of our ES modules from it
// instantiates that module's graph synchronously, and a worker terminated in the middle of that
// (a pool closing or replacing a worker that is still loading) aborts the whole process with a
// V8 fatal error ("Module::IsGraphAsync must be used on an instantiated module"). Our modules are
// loaded with import(), which a termination interrupts cleanly (worker-entry.cts).
// A value import written in the .cts compiles to such a require(); a type import compiles to
// nothing. worker-pool-shutdown.test catches the abort only when a termination happens to land in
// a window of a few milliseconds; this reads the compiled file, so it fails every time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The file the pool gives piscina (pool.ts), as the build wrote it. */
const ENTRY = fileURLToPath(new URL('../../../src/workers/worker-entry.cjs', import.meta.url));

/**
 * Every use of `require` in a CommonJS file: the module a call names (its string argument), or
 * the source text of the use when it is anything else (a computed name, `require` passed on).
 */
function requiresOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === 'require') {
      const call = node.parent;
      const named =
        ts.isCallExpression(call) &&
        call.expression === node &&
        call.arguments.length === 1 &&
        ts.isStringLiteralLike(call.arguments[0]!);
      found.push(named ? (call.arguments[0] as ts.StringLiteralLike).text : call.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('worker entry', () => {
  it("requires only Node's own modules; ours load with import()", () => {
    const required = requiresOf(ENTRY);
    // The entry reads its thread id and parent port from worker_threads: the walk found the calls.
    assert.ok(required.includes('node:worker_threads'), `requires found: ${required.join(', ')}`);
    assert.deepEqual(
      required.filter((name) => !name.startsWith('node:')),
      [],
    );
  });
});
