// Order statistics for the bench scripts' tables, in one place. The scripts printed their figures
// with three conventions for the middle of an even count and two for a percentile's rank; each
// convention is kept under its own name so every table prints the figures it printed before.
// Every function answers NaN for no values (a table prints it as a missing figure).

const ascending = (xs: readonly number[]): number[] => [...xs].sort((a, b) => a - b);

/** The middle value, or the mean of the two middle values of an even count. */
export function median(xs: readonly number[]): number {
  const sorted = ascending(xs);
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The middle value; of an even count, the lower of the two (always a value that was measured). */
export function lowerMedian(xs: readonly number[]): number {
  const sorted = ascending(xs);
  return sorted[(sorted.length - 1) >> 1] ?? NaN;
}

/** The middle value; of an even count, the upper of the two (always a value that was measured). */
export function upperMedian(xs: readonly number[]): number {
  const sorted = ascending(xs);
  return sorted[sorted.length >> 1] ?? NaN;
}

/**
 * The `q` quantile (0-1) of values sorted ascending: the value at rank floor(q x n), the largest
 * for q near 1 (p99 of 100 values is the slowest).
 */
export function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/**
 * The `q` quantile (0-1) of values sorted ascending by nearest rank: the smallest value with at
 * least q x n values at or below it (p99 of 100 values is the second slowest).
 */
export function nearestRank(sorted: readonly number[], q: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}
