// Metadata from response headers (Content-Disposition file names, Link targets).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { dispositionFileName, linkHeaderTarget } from '../../../../src/extract/metadata/http-headers.js';

describe('response headers', () => {
  it('finds the canonical target among several Link values', () => {
    assert.equal(
      linkHeaderTarget(
        '<https://a.example/s.css>; rel=preload; as=style, <https://a.example/c>; rel="canonical"',
        'canonical',
      ),
      'https://a.example/c',
    );
    assert.equal(linkHeaderTarget('<https://a.example/next>; rel="next"', 'canonical'), null);
  });
  it('reads Content-Disposition file names, RFC 5987 first, never a path', () => {
    assert.equal(
      dispositionFileName(`attachment; filename="report.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9.pdf`),
      'Résumé.pdf',
    );
    assert.equal(dispositionFileName('inline; filename="../../etc/passwd"'), 'passwd');
    assert.equal(dispositionFileName('attachment; filename=plain.txt'), 'plain.txt');
    assert.equal(dispositionFileName('inline'), null);
  });
});
