// Owned by the cleaners (issue 4): parse -> extract (cascade) -> render, in a worker.
import type { Profile } from '../extract/blocks.js';

export interface CleanRequest {
  /** Charset-decoded body. */
  body: string;
  bodyKind: 'html' | 'xhtml' | 'text';
  finalUrl: string;
  /** Requested profile. */
  profile: Profile;
  format: 'text' | 'markdown';
  includeTitle: boolean;
  maxChars: number;
}

export type CleanResult =
  | {
      ok: true;
      title: string;
      content: string;
      wordCount: number;
      truncated: boolean;
      /** Profile that produced the content. */
      profile: Profile;
      fallbackUsed: boolean;
    }
  | { ok: false; code: 'no_content'; title: string };

export function cleanTask(_req: CleanRequest): CleanResult {
  throw new Error('cleanTask: not built yet (issue 4)');
}
