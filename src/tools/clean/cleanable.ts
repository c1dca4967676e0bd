// The bodies the cleaners read in a worker (a PDF has its own task, workers/pdf-task.ts): pages,
// plain text, markdown, and XML, which the worker reads when it is a feed.
import type { BodyKind } from '../../fetch/types.js';

export type CleanableKind = Extract<BodyKind, 'html' | 'xhtml' | 'text' | 'markdown' | 'xml'>;

const CLEANABLE: ReadonlySet<BodyKind> = new Set<CleanableKind>(['html', 'xhtml', 'text', 'markdown', 'xml']);

export function isCleanable(kind: BodyKind): kind is CleanableKind {
  return CLEANABLE.has(kind);
}
