// Pages the worker-pool tests use as faults, as metadata tasks: one that answers at once, one
// that takes seconds, one whose tree needs more than a 64 MiB worker heap; and a wait for what
// the pool reports after the fact (an ended worker is counted on its thread's exit).
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

const MiB = 1024 * 1024;

export function metadataOf(body: string) {
  return {
    kind: 'metadata' as const,
    input: { body, bodyKind: 'html' as const, finalUrl: 'https://w.example/', headers: {}, includeContent: true },
  };
}

export const page = metadataOf('<title>Alive</title>');
export const para = '<p>' + 'Words of a long page that goes on and on. '.repeat(8) + '</p>\n';
/** 10 MiB of paragraphs: seconds of a worker on any machine, in a 64 MiB heap (the tokenizer holds ~15). */
export const long = metadataOf(`<title>Long</title>${para.repeat((10 * MiB) / para.length)}`);
/** 700,000 tiny elements (5.6 MB): their tree needs far more than a 64 MiB heap. */
export const dense = metadataOf('<i>a</i>'.repeat(700_000));

export async function until(what: string, cond: () => boolean): Promise<void> {
  for (let i = 0; i < 600 && !cond(); i++) await sleep(50);
  assert.ok(cond(), `${what}: not reached in 30 s`);
}
