// Formulas are read as their TeX, whatever draws them: MediaWiki's hidden MathML beside a picture,
// KaTeX's and MathJax 3's MathML beside styled spans, MathJax 2's TeX scripts, plain MathML. Each
// formula is printed once, `$...$` in markdown (`$$` set apart), bare in text.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanPage } from '../../../support/clean-page.js';

const PROSE = '<p>The method has two stages, and each of them is explained below with the notation the paper uses.</p>';

function page(body: string): string {
  const article = `<article><h1>t-SNE</h1>${PROSE}${body}</article>`;
  return `<html><head><title>t-SNE</title></head><body><main>${article}</main></body></html>`;
}

function cleaned(body: string, format: 'text' | 'markdown' = 'markdown') {
  return cleanPage(page(body), 'https://wiki.example/t-SNE', { format, explain: true });
}

function clean(body: string, format: 'text' | 'markdown' = 'markdown'): string {
  return cleaned(body, format).content;
}

const MEDIAWIKI =
  '<p>Given a set of <span class="mwe-math-element"><span class="mwe-math-mathml-inline mwe-math-mathml-a11y" ' +
  'style="display: none;"><math xmlns="http://www.w3.org/1998/Math/MathML" alttext="{\\displaystyle N}"><semantics>' +
  '<mrow><mstyle displaystyle="true"><mi>N</mi></mstyle></mrow><annotation encoding="application/x-tex">' +
  '{\\displaystyle N}</annotation></semantics></math></span><img src="/math/render/svg/f5e3" ' +
  'class="mwe-math-fallback-image-inline" aria-hidden="true" alt="{\\displaystyle N}"></span> objects, ' +
  'it computes probabilities.</p>';

const KATEX =
  '<p>The energy is <span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>E</mi><mo>=</mo>' +
  '<mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">E=mc^2</annotation>' +
  '</semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">E</span>' +
  '<span class="mrel">=</span><span class="mord">mc</span><span class="msupsub">2</span></span></span> at rest.</p>';

describe('formulas', () => {
  it("read MediaWiki's hidden source beside its picture once, without the style wrapper", () => {
    assert.match(clean(MEDIAWIKI), /^Given a set of \$N\$ objects, it computes probabilities\.$/m);
    assert.match(clean(MEDIAWIKI, 'text'), /^Given a set of N objects, it computes probabilities\.$/m);
    assert.doesNotMatch(clean(MEDIAWIKI), /displaystyle/);
  });

  it("read KaTeX's annotation once, not its drawn spans", () => {
    assert.match(clean(KATEX), /^The energy is \$E=mc\^2\$ at rest\.$/m);
    assert.match(clean(KATEX, 'text'), /^The energy is E=mc\^2 at rest\.$/m);
  });

  it("read MathJax 2's TeX scripts, once when MathJax drew the formula beside its script", () => {
    const body =
      '<p>The area is <script type="math/tex">\\pi r^2</script> and the whole disc is</p>' +
      '<script type="math/tex; mode=display">A = \\pi r^2</script>' +
      '<p>Drawn: <span class="MathJax" role="presentation"><nobr aria-hidden="true"><span>πr2</span></nobr>' +
      '<span class="MJX_Assistive_MathML" role="presentation"><math><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup>' +
      '</math></span></span><script type="math/tex">\\pi r^2</script>, as before.</p>';
    const md = clean(body);
    assert.match(md, /^The area is \$\\pi r\^2\$ and the whole disc is\n\n\$\$\nA = \\pi r\^2\n\$\$$/m);
    assert.match(md, /^Drawn: \$\\pi r\^\{2\}\$, as before\.$/m);
  });

  it("read MathJax 3's MathML, though its box's class names a menu", () => {
    const body =
      '<p>The sum is <mjx-container class="MathJax CtxtMenu_Attached_0" jax="CHTML"><mjx-math aria-hidden="true">' +
      '<mjx-mi><mjx-c></mjx-c></mjx-mi></mjx-math><mjx-assistive-mml display="inline"><math><mi>x</mi><mo>+</mo>' +
      '<mi>y</mi></math></mjx-assistive-mml></mjx-container> in this case.</p>';
    assert.match(clean(body), /^The sum is \$x \+ y\$ in this case\.$/m);
  });

  it('convert MathML without TeX, and set a display formula apart', () => {
    const body =
      '<p>The ratio is <math><mi>θ</mi><mo>=</mo><mfrac><msub><mi>V</mi><mi>w</mi></msub>' +
      '<msub><mi>V</mi><mi>t</mi></msub></mfrac></math> at field capacity.</p>' +
      '<math display="block"><msqrt><mi>x</mi></msqrt><mo>≤</mo><mn>2</mn></math>';
    const md = clean(body);
    assert.match(md, /^The ratio is \$\\theta = \\frac\{V_\{w\}\}\{V_\{t\}\}\$ at field capacity\.$/m);
    assert.match(md, /^\$\$\n\\sqrt\{x\} \\leq 2\n\$\$$/m);
  });

  it('escape dollar signs in markdown only on a page with formulas', () => {
    const prices = '<p>It costs $40, and $45 with the tax that the shop adds at the till.</p>';
    assert.match(clean(prices + KATEX), /^It costs \\\$40, and \\\$45 with/m);
    assert.match(clean(prices), /^It costs \$40, and \$45 with/m);
  });

  it('read a large formula without TeX as its text, and a page of them within a budget', () => {
    const terms = (n: number): string => '<mi>x</mi><mo>+</mo>'.repeat(n);
    const big = clean(`<p>Long: <math>${terms(1_500)}<mn>1</mn></math> done.</p>`, 'text');
    assert.match(big, /^Long: x\+x\+x\+.*\+1 done\.$/m);
    // 60 formulas of 400 elements each: the first 49 are converted, the rest read as text.
    const formulas = Array.from({ length: 60 }, (_, i) => `<p>F${i} <math>${terms(200)}</math> end.</p>`);
    const lines = clean(formulas.join(''), 'text')
      .split('\n')
      .filter((l) => l.startsWith('F'));
    assert.equal(lines.length, 60);
    assert.ok(lines[48]!.startsWith('F48 x + x + x'));
    assert.ok(lines[49]!.startsWith('F49 x+x+x'));
  });

  it('leave formulas out of what explain says was dropped', () => {
    const dropped = cleaned(MEDIAWIKI + KATEX).explain?.dropped ?? [];
    const records = dropped.map((d) => `${d.rule} ${d.path} ${d.text}`).join('\n');
    // The drawings are left out (KaTeX's spans), the sources are not.
    assert.match(records, /katex-html/);
    assert.doesNotMatch(records, /displaystyle|mc\^2|mwe-math-mathml|> math/);
  });
});
