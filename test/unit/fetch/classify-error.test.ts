// What a caller is told when a fetch fails on an error this code did not expect: the code stays,
// the words are ours, and the library's error is kept (as the cause) for the operator's log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyError } from '../../../src/fetch/classify-error.js';
import { WithheldCause } from '../../../src/fetch/fetch-failure.js';
import { BodyDecodeFailed, BodyInterrupted } from '../../../src/fetch/read-body.js';

const open = new AbortController().signal;

test('memory refused while reading a body: upstream_error, our words, the RangeError as the cause', () => {
  // What V8 throws when an ArrayBuffer cannot be allocated (a body or a decoder's output).
  const oom = new RangeError('Array buffer allocation failed');
  for (const err of [oom, new BodyInterrupted(oom, 4096)]) {
    const { failure } = classifyError(err, open, 'body');
    assert.equal(failure.code, 'upstream_error');
    assert.equal(failure.message, 'There was not enough memory to read the body.');
    assert.ok(failure instanceof WithheldCause);
    assert.equal(failure.cause, oom);
  }
  const inDecoder = classifyError(new BodyInterrupted(new BodyDecodeFailed('br', oom), 10), open, 'body');
  assert.equal(inDecoder.failure.message, 'There was not enough memory to decompress the body (br).');
  assert.equal(inDecoder.failure.cause, oom);
});

test('an error nobody expected: upstream_error, none of its words, kept whole as the cause', () => {
  const odd = Object.assign(new TypeError("Cannot read properties of undefined (reading 'secretField')"), {
    code: 'ERR_SOMETHING_NEW',
  });
  const attempt = classifyError(odd, open);
  assert.equal(attempt.failure.code, 'upstream_error');
  assert.doesNotMatch(attempt.failure.message, /secretField|Cannot read|ERR_SOMETHING_NEW/);
  assert.ok(attempt.failure instanceof WithheldCause);
  assert.equal(attempt.failure.cause, odd);
  // The wrapper has no stack of its own (it would point here); the cause keeps the one that matters.
  assert.doesNotMatch(attempt.failure.stack ?? '', /\n {4}at /);
  assert.equal((attempt.failure.cause as Error).stack, odd.stack);
});
