// The fallback rule: the requested profile first, then the other one once. Extractors return
// null for "no main content"; only here does that become no_content. Both attempts are kept
// so the caller can see which produced the text.
import type { Document } from 'domhandler';
import type { Extraction, Profile } from './blocks.js';
import { hasIndexText, hasRealText } from './real-text.js';
import type { CleanExplanation, Explanation, ExplainRequest } from './explain.js';

export type Extractor = (doc: Document, finalUrl: string, trace?: ExplainRequest) => Extraction | null;

export interface CascadeInput {
  doc: Document;
  finalUrl: string;
  requested: Profile;
  extractors: Record<Profile, Extractor>;
  /**
   * A fresh tree for the second attempt, since an extractor may prune the one it was given.
   * Without it the second attempt reuses `doc`.
   */
  reparse?: () => Document;
  /** Each attempt explains itself, and the result carries the account (explain.ts). */
  explain?: boolean;
}

export interface Attempt {
  profile: Profile;
  extraction: Extraction | null;
  explanation?: Explanation;
}

export type CascadeResult =
  | {
      ok: true;
      profile: Profile;
      fallbackUsed: boolean;
      extraction: Extraction;
      attempts: Attempt[];
      explanation?: CleanExplanation;
    }
  | { ok: false; attempts: Attempt[]; explanation?: CleanExplanation };

export function otherProfile(p: Profile): Profile {
  return p === 'content' ? 'index' : 'content';
}

export function runCascade(input: CascadeInput): CascadeResult {
  const attempts: Attempt[] = [];
  const order: Profile[] = [input.requested, otherProfile(input.requested)];
  for (let i = 0; i < order.length; i++) {
    const profile = order[i]!;
    const doc = i === 0 || !input.reparse ? input.doc : input.reparse();
    const trace: ExplainRequest | undefined = input.explain ? { explain: true } : undefined;
    const found = input.extractors[profile](doc, input.finalUrl, trace);
    // An extractor that returns blocks without a line of real text found nothing either (for
    // the index profile, a list of links is real: a hub's links are its content).
    const substance = profile === 'index' ? hasIndexText : hasRealText;
    const extraction = found && substance(found.blocks) ? found : null;
    attempts.push({ profile, extraction, explanation: trace?.explanation });
    if (extraction) {
      const ok = { ok: true as const, profile, fallbackUsed: i > 0, extraction, attempts };
      return input.explain ? { ...ok, explanation: explained(attempts) } : ok;
    }
  }
  return input.explain ? { ok: false, attempts, explanation: explained(attempts) } : { ok: false, attempts };
}

/** The account of the attempt that found content (else the requested profile's), with what
 *  became of the other. */
function explained(attempts: Attempt[]): CleanExplanation {
  const found = attempts.findIndex((a) => a.extraction !== null);
  const shown = attempts[Math.max(found, 0)]!;
  const other = attempts.find((a) => a !== shown);
  const base = shown.explanation ?? emptyExplanation(shown.profile);
  const why =
    found > 0
      ? `the ${attempts[0]!.profile} profile found no main content; the ${shown.profile} profile was tried once`
      : found < 0
        ? 'neither profile found main content'
        : null;
  return { ...base, fallback: { used: found > 0, why, other: other?.explanation ?? null } };
}

function emptyExplanation(profile: Profile): Explanation {
  return {
    profile,
    page_type: null,
    readings: [],
    strategy: null,
    container: null,
    dropped: [],
    dropped_omitted: 0,
    revealed: [],
  };
}
