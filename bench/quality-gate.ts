// The quality gate (npm run bench:quality -- --gate, in .ci/run): each pinned figure of the
// development sets must stay at or above its floor, less the noise margin. Floors live in
// bench/quality-floors.json, each with its history: a floor is raised by appending a higher
// entry, and an entry lower than the one before it must carry a written reason, or the gate
// fails (docs/quality-gate.md).
import { readFileSync, writeFileSync } from 'node:fs';

export interface FloorEntry {
  floor: number;
  /** Why the floor was set here; required when it is lower than the entry before it. */
  reason?: string;
}

export interface FloorsFile {
  about: string;
  floors: Record<string, FloorEntry[]>;
}

/** A figure the run measured: its value and the number of pages behind it. */
export interface Figure {
  value: number;
  pages: number;
}

/**
 * The noise margin of a figure over `pages` pages: half of one page's whole score (0.5 / pages),
 * and at least 0.001. The figures are deterministic (the same code gives the same numbers), so
 * the margin is not for run-to-run randomness: it lets one page move a little (a tie broken the
 * other way, a Unicode table of another Node version) without blocking a change, and it fails
 * any change that costs a type as much as half a page outright.
 */
export function marginOf(pages: number): number {
  return Math.max(0.001, 0.5 / Math.max(1, pages));
}

export function readFloors(path: string): FloorsFile {
  return JSON.parse(readFileSync(path, 'utf8')) as FloorsFile;
}

export interface GateResult {
  failures: string[];
  /** Figures below their floor by more than the margin (among the failures). */
  below: number;
  lines: string[];
  /** Figures above their floor by more than the margin: the floor can be raised. */
  raisable: Array<{ key: string; value: number }>;
}

export function checkGate(file: FloorsFile, figures: Map<string, Figure>): GateResult {
  const failures: string[] = [];
  const raisable: Array<{ key: string; value: number }> = [];
  let below = 0;
  const lines = ['| figure | pages | value | floor | margin | |', '|---|---|---|---|---|---|'];
  for (const [key, history] of Object.entries(file.floors)) {
    if (history.length === 0) {
      failures.push(`${key}: no floor`);
      const figure = figures.get(key);
      // The first floor of a new figure is what --raise pins.
      if (figure !== undefined) raisable.push({ key, value: figure.value });
      continue;
    }
    for (let i = 1; i < history.length; i++) {
      const entry = history[i]!;
      if (entry.floor < history[i - 1]!.floor && !entry.reason?.trim()) {
        failures.push(`${key}: floor lowered from ${history[i - 1]!.floor} to ${entry.floor} without a reason`);
      }
    }
    const floor = history[history.length - 1]!.floor;
    const figure = figures.get(key);
    if (figure === undefined) {
      failures.push(`${key}: not measured`);
      continue;
    }
    const margin = marginOf(figure.pages);
    let verdict = 'ok';
    if (figure.value < floor - margin) {
      verdict = 'BELOW FLOOR';
      below++;
      failures.push(`${key}: ${figure.value.toFixed(4)} is below its floor ${floor} by more than ${margin.toFixed(4)}`);
    } else if (figure.value > floor + margin) {
      verdict = 'can be raised';
      raisable.push({ key, value: figure.value });
    }
    const cells = [key, figure.pages, figure.value.toFixed(4), floor.toFixed(4), margin.toFixed(4), verdict];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  for (const key of figures.keys()) if (!(key in file.floors)) lines.push(`| ${key} | | | no floor pinned | | |`);
  return { failures, below, lines, raisable };
}

/** Appends a raised floor (the figure, rounded down to four decimals) for each raisable figure,
 *  the first floor of a figure that has none. */
export function raiseFloors(path: string, file: FloorsFile, raisable: GateResult['raisable'], reason: string): void {
  for (const { key, value } of raisable) {
    file.floors[key]!.push({ floor: Math.floor(value * 10_000) / 10_000, reason });
  }
  writeFileSync(path, JSON.stringify(file, null, 2) + '\n');
}
