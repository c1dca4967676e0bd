// The fallback rule: the requested profile first, then the other one once. Extractors return
// null for "no main content"; only here does that become no_content. Both attempts are kept
// so the caller can see which produced the text.
import type { Document } from 'domhandler';
import type { Extraction, Profile } from './blocks.js';
import { hasIndexText, hasRealText } from './real-text.js';

export type Extractor = (doc: Document, finalUrl: string) => Extraction | null;

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
}

export interface Attempt {
  profile: Profile;
  extraction: Extraction | null;
}

export type CascadeResult =
  | { ok: true; profile: Profile; fallbackUsed: boolean; extraction: Extraction; attempts: Attempt[] }
  | { ok: false; attempts: Attempt[] };

export function otherProfile(p: Profile): Profile {
  return p === 'content' ? 'index' : 'content';
}

export function runCascade(input: CascadeInput): CascadeResult {
  const attempts: Attempt[] = [];
  const order: Profile[] = [input.requested, otherProfile(input.requested)];
  for (let i = 0; i < order.length; i++) {
    const profile = order[i]!;
    const doc = i === 0 || !input.reparse ? input.doc : input.reparse();
    const found = input.extractors[profile](doc, input.finalUrl);
    // An extractor that returns blocks without a line of real text found nothing either (for
    // the index profile, a list of links is real: a hub's links are its content).
    const substance = profile === 'index' ? hasIndexText : hasRealText;
    const extraction = found && substance(found.blocks) ? found : null;
    attempts.push({ profile, extraction });
    if (extraction) return { ok: true, profile, fallbackUsed: i > 0, extraction, attempts };
  }
  return { ok: false, attempts };
}
