// Owned by the metadata fetcher (issue 5): parse -> metadata (+ content) in a worker.
import type { BodyKind } from '../fetch/types.js';

export interface MetadataRequest {
  body: string | null;
  bodyKind: BodyKind;
  finalUrl: string;
  headers: Record<string, string>;
  includeContent: boolean;
}

export type MetadataResult = Record<string, unknown>;

export function metadataTask(_req: MetadataRequest): MetadataResult {
  throw new Error('metadataTask: not built yet (issue 5)');
}
