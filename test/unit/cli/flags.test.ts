// CLI flags come from each tool's input schema; values are converted only as far as the shell
// forces (strings), range and enum checks stay with the shared validator.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkUrlStatus } from '../../../src/tools/check-url-status.js';
import { cleanWebContent } from '../../../src/tools/clean-web-content.js';
import { getUrlMetadata } from '../../../src/tools/get-url-metadata.js';
import { UsageError, parseToolArgs, pathToFlag, toolFlags, toolUsage } from '../../../src/cli/flags.js';

describe('CLI flags from the schemas', () => {
  it('every optional schema field is a flag; url and items are positional', () => {
    assert.deepEqual(
      toolFlags(cleanWebContent).map((f) => f.flag),
      [
        '--output-format',
        '--include-title',
        '--max-chars',
        '--max-tokens',
        '--token-encoding',
        '--start',
        '--timeout',
        '--max-age',
        '--respect-robots',
        '--explain',
      ],
    );
    assert.deepEqual(
      toolFlags(getUrlMetadata).map((f) => f.flag),
      [
        '--include-content',
        '--max-tokens',
        '--token-encoding',
        '--follow-redirects',
        '--timeout',
        '--max-age',
        '--respect-robots',
      ],
    );
    assert.deepEqual(
      toolFlags(checkUrlStatus).map((f) => f.flag),
      ['--follow-redirects', '--timeout', '--respect-robots'],
    );
  });

  it('--input takes a file name or - (stdin), in both forms, and needs one', () => {
    assert.equal(parseToolArgs(getUrlMetadata, ['--input', 'urls.txt', '--timeout', '5']).input, 'urls.txt');
    assert.equal(parseToolArgs(checkUrlStatus, ['--input=-']).input, '-');
    assert.throws(() => parseToolArgs(getUrlMetadata, ['--input']), UsageError);
  });

  it('parses values by schema type, in both --flag value and --flag=value forms', () => {
    const p = parseToolArgs(cleanWebContent, [
      'https://a/',
      '--output-format',
      'markdown',
      '--include-title',
      'false',
      '--max-chars=500',
      '--timeout',
      '2.5',
      'https://b/',
      '--pretty',
    ]);
    assert.deepEqual(p.urls, ['https://a/', 'https://b/']);
    assert.deepEqual(p.fields, { output_format: 'markdown', include_title: false, max_chars: 500, timeout: 2.5 });
    assert.equal(p.pretty, true);
  });

  it('a bare boolean flag is true; --no-<flag> is false; a following URL is not eaten', () => {
    const p = parseToolArgs(getUrlMetadata, ['--include-content', 'https://a/', '--no-follow-redirects']);
    assert.deepEqual(p.fields, { include_content: true, follow_redirects: false });
    assert.deepEqual(p.urls, ['https://a/']);
  });

  it('leaves non-numbers and non-booleans as strings for the validator to name', () => {
    const p = parseToolArgs(cleanWebContent, ['u', '--max-chars', 'lots', '--include-title=maybe']);
    assert.deepEqual(p.fields, { max_chars: 'lots', include_title: 'maybe' });
  });

  it('rejects unknown options and missing values', () => {
    assert.throws(
      () => parseToolArgs(checkUrlStatus, ['u', '--output-format', 'text']),
      (e: unknown) => e instanceof UsageError && /unknown option --output-format/.test(e.message),
    );
    assert.throws(
      () => parseToolArgs(checkUrlStatus, ['u', '--timeout']),
      (e: unknown) => e instanceof UsageError && /--timeout needs a value/.test(e.message),
    );
  });

  it('maps JSON paths back to flags for messages, and the usage lists defaults', () => {
    assert.equal(pathToFlag('/max_chars'), '--max-chars');
    assert.equal(pathToFlag('/url'), 'URL');
    assert.equal(pathToFlag('/items/2'), '/items/2');
    assert.match(toolUsage(cleanWebContent), /--max-chars <integer>.*\(default 200000\)/);
  });
});
