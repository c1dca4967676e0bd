// The response envelope shared by HTTP and the CLI, so both print exactly the same JSON.
import { randomUUID } from 'node:crypto';
import { REQUEST_ERRORS, type RequestErrorCode } from '../errors/codes.js';
import type { ToolItem } from './types.js';

export interface ResultEnvelope {
  correlation_id: string;
  data: { results: ToolItem[] };
}

export interface ErrorEnvelope {
  correlation_id: string;
  error: { code: RequestErrorCode; message: string; details?: unknown };
}

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reuses a caller's UUID-shaped id (so their logs and ours line up); anything else gets a fresh v4. */
export function correlationIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (value && UUID_SHAPE.test(value.trim())) return value.trim().toLowerCase();
  return randomUUID();
}

export function resultEnvelope(correlationId: string, results: ToolItem[]): ResultEnvelope {
  return { correlation_id: correlationId, data: { results } };
}

export function errorEnvelope(
  correlationId: string,
  code: RequestErrorCode,
  message: string = REQUEST_ERRORS[code].message,
  details?: unknown,
): ErrorEnvelope {
  const error: ErrorEnvelope['error'] = { code, message };
  if (details !== undefined) error.details = details;
  return { correlation_id: correlationId, error };
}

/** True when some item could not be handled (the CLI exits 2 then). */
export function hasItemErrors(results: readonly ToolItem[]): boolean {
  return results.some((r) => r.meta?.error !== undefined && r.meta.error !== null);
}
