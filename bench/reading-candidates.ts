// node dist/bench/reading-candidates.js [--out=FILE] [--limit=N]: the training data of a learned
// reading chooser (docs/learned-extraction.md). For every page of both development sets it runs the
// content profile's readings as extractContent does, then writes one JSON line per distinct
// candidate (every attempt a reading read, accepted or not): its split, its page's set, id and
// page type, whether it is the rules' choice, its feature vector (candidate-features.ts) and how
// well it scores as the answer (after the answer's passes): token-bag F1 on wcxb-dev, snippet
// counts on the article set. Only the tune split is trained on (scripts/learned/train-chooser.py);
// check lines are there to validate.
import { writeFileSync } from 'node:fs';
import type { Attempt } from '../src/extract/content/readings/attempt.js';
import { runPasses } from '../src/extract/content/passes/passes.js';
import { renderText } from '../src/render/text.js';
import { dumpArgs, rulesAnswer } from './learned/rules-answer.js';
import { candidateFeatures, choiceBasis, profileAttempt } from './learned/candidate-features.js';
import { loadWcxb, scoreTokens } from './wcxb.js';
import { loadCorpus } from './corpus.js';
import { siteOf, splitOf } from './quality-split.js';

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();

interface Candidate {
  reading: string;
  final: boolean;
  features: number[];
  text: string;
}

/** The content profile's candidates of one page, the rules' choice first. */
export function candidates(html: string, finalUrl: string, plain: boolean): Candidate[] {
  const { ctx, found, reading: finalReading } = rulesAnswer(html, finalUrl);
  const answer = (a: Attempt): string =>
    a.chars === 0 ? '' : renderText(runPasses('answer', a.blocks, ctx).blocks, { title: null, plain });
  const basis = choiceBasis(ctx, found, finalReading);
  const out: Candidate[] = [];
  const finalText = answer(found);
  const seen = new Set<string>([finalText]);
  const finalFeatures = candidateFeatures(basis, finalReading, true, found, basis.finalProfile);
  out.push({ reading: finalReading, final: true, features: finalFeatures, text: finalText });
  for (const o of ctx.outcomes) {
    if (!o.attempt || o.attempt === found || o.attempt.chars === 0) continue;
    const text = answer(o.attempt);
    if (seen.has(text)) continue;
    seen.add(text);
    const features = candidateFeatures(basis, o.reading, o.accepted ?? false, o.attempt, profileAttempt(o.attempt));
    out.push({ reading: o.reading, final: false, features, text });
  }
  return out;
}

function main(): void {
  const { out, limit } = dumpArgs('reading-candidates');
  const lines: string[] = [];
  for (const page of loadWcxb(limit)) {
    const split = splitOf(page.site);
    for (const c of candidates(page.html, page.finalUrl, true)) {
      const s = scoreTokens(c.text, page.truth);
      lines.push(
        JSON.stringify({
          set: 'wcxb',
          id: page.id,
          type: page.type,
          split,
          reading: c.reading,
          final: c.final,
          x: c.features,
          f1: s.f1,
          p: s.p,
          r: s.r,
        }),
      );
    }
  }
  for (const page of loadCorpus(limit)) {
    const split = splitOf(siteOf(page.url));
    for (const c of candidates(page.html, page.finalUrl, false)) {
      const text = norm(c.text);
      let tp = 0;
      let fp = 0;
      for (const w of page.with) if (text !== '' && text.includes(norm(w))) tp++;
      for (const w of page.without) if (text !== '' && text.includes(norm(w))) fp++;
      lines.push(
        JSON.stringify({
          set: 'articles',
          id: page.file,
          type: 'article',
          split,
          reading: c.reading,
          final: c.final,
          x: c.features,
          tp,
          fp,
          fn: page.with.length - tp,
          tn: page.without.length - fp,
        }),
      );
    }
  }
  writeFileSync(out, lines.join('\n') + '\n');
  console.log(`${lines.length} candidates written to ${out}`);
}

if (process.argv[1]?.endsWith('reading-candidates.js')) main();
