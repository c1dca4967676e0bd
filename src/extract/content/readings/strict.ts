// The strict reading: a declared article container (itemprop=articleBody, a CMS body class,
// <article>, <main>) or, failing that, the best-scoring container, with boilerplate landmarks
// and unlikely containers left out (readability's first pass).
import { ATTEMPTS } from '../select/attempt-flags.js';
import { inRecipeScope } from '../select/recipe-parts.js';
import { shortInItself } from '../select/short-declared-body.js';
import { SEMANTIC_MIN_CHARS, SEMANTIC_SHARE, SHORT_DECLARED_BODY_CHARS } from '../thresholds/readings.js';
import { planFromDeclaredContainer, planFromScores, withIngredients } from './attempt.js';
import { convert } from './convert.js';
import { ALWAYS, reading } from './reading.js';

export const strictReading = reading({
  name: 'strict',
  kind: 'container',
  when: 'always, first',
  reads:
    'the declared container (SEMANTIC_SHARE of the scored text or more), else the best-scored one, ' +
    "without landmarks and unlikely containers; a declared recipe's ingredient list joins it",
  accepts: 'always',
  applies: () => true,
  read(ctx) {
    const strict = ATTEMPTS[0]!;
    const scored = planFromScores(ctx, ctx.stats, strict);
    const declared = planFromDeclaredContainer(ctx, ctx.stats, strict);
    let first = scored;
    if (declared && declared.chars >= SEMANTIC_SHARE * scored.chars) first = declared;
    // A declared recipe's marked ingredient list joins its steps (recipe-parts.ts).
    if (ctx.types.includes('Recipe') || inRecipeScope(first.roots)) first = withIngredients(ctx, first);
    const attempt = convert(ctx, first, first === declared ? 'declared' : 'scored', false, ctx.rails);
    // A declared body container (not a mere <article>/<main>, often a teaser) is the page's own
    // statement of where the article is: a short post stays short rather than growing into the
    // sidebar through relaxed filters. A short one on a page declared an article may be an
    // excerpt (short-declared-body.ts).
    const mayBeExcerpt =
      first === declared &&
      declared.declaredBody === true &&
      ctx.declaredType === 'article' &&
      attempt.chars < SHORT_DECLARED_BODY_CHARS &&
      shortInItself(declared.roots, ctx.stats);
    attempt.stands =
      first === declared && declared.declaredBody === true && attempt.chars >= SEMANTIC_MIN_CHARS && !mayBeExcerpt;
    return attempt;
  },
  accept: ALWAYS,
});
