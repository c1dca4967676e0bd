// Line numbers a highlighter sets beside code (Pygments, Rouge, Hugo's Chroma) are not code:
// neither a code block of "1 2 3" nor lines of the code. A table's numbered steps are read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanPage } from '../../../support/clean-page.js';

const PROSE =
  '<p>Python opens a file with the built-in open function, and a with statement closes it when the block ends.</p>';

function clean(body: string, format: 'text' | 'markdown' = 'markdown'): string {
  const article = `<article><h1>Reading files</h1>${PROSE}${body}${PROSE}</article>`;
  const html = `<html><head><title>Reading files</title></head><body>${article}</body></html>`;
  return cleanPage(html, 'https://docs.example/files', { format }).content;
}

describe('line numbers beside code', () => {
  it("leave Pygments' gutter out, and read the language from Sphinx's box around the table", () => {
    const body =
      '<div class="highlight-python3"><div class="highlight"><table class="highlighttable"><tr>' +
      '<td class="linenos"><div class="linenodiv"><pre>1\n2\n3</pre></div></td>' +
      '<td class="code"><div><pre><span class="k">with</span> open("a") as f:\n    for line in f:\n' +
      '        print(line)\n</pre></div></td></tr></table></div></div>';
    assert.match(clean(body), /^```python3\nwith open\("a"\) as f:\n {4}for line in f:\n {8}print\(line\)\n```$/m);
    assert.doesNotMatch(clean(body), /^1$/m);
  });

  it("leave Rouge's gutter out of the code it is inside, with the language of Jekyll's box", () => {
    const body =
      '<div class="language-ruby highlighter-rouge"><div class="highlight"><pre class="highlight"><code>' +
      '<table class="rouge-table"><tbody><tr><td class="rouge-gutter gl"><pre class="lineno">1\n2\n</pre></td>' +
      '<td class="rouge-code"><pre>puts "hello"\nputs "world"\n</pre></td></tr></tbody></table>' +
      '</code></pre></div></div>';
    assert.match(clean(body), /^```ruby\nputs "hello"\nputs "world"\n```$/m);
    assert.match(clean(body, 'text'), /^puts "hello"\nputs "world"$/m);
    assert.doesNotMatch(clean(body, 'text'), /^[12]$/m);
  });

  it("leave Chroma's gutter out, counting from where the listing starts", () => {
    const body =
      '<div class="highlight"><div class="chroma"><table class="lntable"><tr><td class="lntd">' +
      '<pre class="chroma"><code><span class="lnt">12\n</span><span class="lnt">13\n</span></code></pre></td>' +
      '<td class="lntd"><pre class="chroma"><code class="language-go" data-lang="go">package main\n' +
      'func main() {}\n</code></pre></td></tr></table></div></div>';
    assert.match(clean(body), /^```go\npackage main\nfunc main\(\) \{\}\n```$/m);
    assert.doesNotMatch(clean(body), /^1[23]$/m);
  });

  it("keep a table's numbered steps, and numbers that do not count lines", () => {
    const steps =
      '<table><tr><td>1</td><td><pre>npm install</pre></td></tr>' +
      '<tr><td>2</td><td><pre>npm test</pre></td></tr></table>';
    const text = clean(steps, 'text');
    assert.match(text, /^1 \| npm install\n2 \| npm test$/m);
    const output = '<table><tr><td><pre>3\n1\n2</pre></td><td><pre>sort -n numbers.txt</pre></td></tr></table>';
    assert.match(clean(output, 'text'), /^3\n1\n2$/m);
  });
});

describe("line numbers inside the code, each line's own", () => {
  it("leave out Pygments' inline numbers and react-syntax-highlighter's unselectable ones", () => {
    const pygments =
      '<div class="highlight"><pre><span></span><span class="linenos">1</span><span class="n">total</span> = 0\n' +
      '<span class="linenos">2</span><span class="k">for</span> n in [7]:\n</pre></div>';
    assert.match(clean(pygments), /^```\ntotal = 0\nfor n in \[7\]:\n```$/m);
    const number = (n: number) =>
      `<span class="linenumber react-syntax-highlighter-line-number" style="user-select:none">${n}</span>`;
    const react = `<pre><code class="language-python">${number(1)}import os\n${number(2)}print(os.sep)</code></pre>`;
    assert.match(clean(react), /^```python\nimport os\nprint\(os.sep\)\n```$/m);
    assert.match(clean(react, 'text'), /^import os\nprint\(os.sep\)$/m);
  });

  it("keep numbers that are code: a literal's class, an unselectable element holding more than a number", () => {
    const literal = '<pre><span class="mi">42</span> + <span class="number">7</span></pre>';
    assert.match(clean(literal, 'text'), /^42 \+ 7$/m);
    const prompt = '<pre><span style="user-select: none">$ </span>ls\n<span class="lineno">x</span>1</pre>';
    assert.match(clean(prompt, 'text'), /^\$ ls\nx1$/m);
  });
});
