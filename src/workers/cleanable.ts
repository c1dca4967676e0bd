// The bodies the cleaners read in a worker (a PDF has its own task, workers/pdf-task.ts): pages,
// plain text, markdown, and XML and JSON, which the worker reads when they are a feed.
import type { BodyKind } from '../fetch/types.js';

export type CleanableKind = Extract<BodyKind, 'html' | 'xhtml' | 'text' | 'markdown' | 'xml' | 'json'>;

const CLEANABLE: ReadonlySet<BodyKind> = new Set<CleanableKind>(['html', 'xhtml', 'text', 'markdown', 'xml', 'json']);

export function isCleanable(kind: BodyKind): kind is CleanableKind {
  return CLEANABLE.has(kind);
}
