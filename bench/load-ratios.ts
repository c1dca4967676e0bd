// bench:load's capacity ratios: a tool's 2xx/s at 200, 400 or 800 connections over its rate at 50,
// read so that the order of the steps does not decide them. A service keeps getting faster
// through a run (the main thread's CPU per status answer fell from 0.76 to 0.51 ms over six rounds
// after 20,000 warm-up calls), so in a round the later step has the edge. Rounds alternate the
// step order (load.ts), and each pair of rounds, one in each order, gives one ratio from the sums
// of its two rates at each count: a drift that is steady over the pair weighs on both counts
// alike. The headline is the median of the pairs; each round's own ratio and the spread are
// printed beside it, and so is the service's main-thread CPU per answer at each count, the
// service's own cost, which does not depend on how the machine shares its CPUs that minute.
import { fmt, type Row } from './load-table.js';
import { median } from './stats.js';

/** The capacity ratio of `label` at `conns` against `base` connections, over `rounds` rounds. */
export interface CapacityRatio {
  /** Median of the pairs' ratios (one round: that round's ratio). */
  headline: number;
  /** Each round's own ratio, in the order run. */
  rounds: number[];
  /** Each pair of rounds' ratio (rounds 1+2, 3+4, ...). */
  pairs: number[];
  /** Median main-thread CPU ms per answer at `conns` and at `base`, when measured. */
  cpu: { at: number; base: number } | null;
}

export function capacityRatio(
  rows: Row[],
  label: string,
  conns: number,
  base: number,
  rounds: number,
): CapacityRatio | undefined {
  const at = (c: number, r: number) => rows.find((x) => x.label === label && x.conns === c && x.round === r);
  const rate = (c: number, r: number) => at(c, r)?.okPerS;
  const perRound: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const top = rate(conns, r);
    const bottom = rate(base, r);
    if (top !== undefined && bottom !== undefined && bottom > 0) perRound.push(top / bottom);
  }
  const pairs: number[] = [];
  for (let r = 0; r + 1 < rounds; r += 2) {
    const top = [rate(conns, r), rate(conns, r + 1)];
    const bottom = [rate(base, r), rate(base, r + 1)];
    if (top.some((x) => x === undefined) || bottom.some((x) => x === undefined)) continue;
    const sumBottom = bottom[0]! + bottom[1]!;
    if (sumBottom > 0) pairs.push((top[0]! + top[1]!) / sumBottom);
  }
  const headline = median(pairs.length > 0 ? pairs : perRound);
  if (Number.isNaN(headline)) return undefined;
  const cpuAt = (c: number) =>
    median(
      rows
        .filter((x) => x.label === label && x.conns === c && x.round >= 0 && x.main)
        .map((x) => x.main!.cpuPerAnswerMs),
    );
  const cpuTop = cpuAt(conns);
  const cpuBottom = cpuAt(base);
  return {
    headline,
    rounds: perRound,
    pairs,
    cpu: !Number.isNaN(cpuTop) && !Number.isNaN(cpuBottom) ? { at: cpuTop, base: cpuBottom } : null,
  };
}

/** One line: the headline against the goal, then how it was read. */
export function formatRatio(name: string, conns: number, base: number, r: CapacityRatio): string {
  const list = (xs: number[]) => xs.map((x) => fmt(x, 2)).join(', ');
  const spread = (xs: number[]) => `${fmt(Math.min(...xs), 2)}-${fmt(Math.max(...xs), 2)}`;
  const how =
    r.pairs.length > 0
      ? ` (median of ${r.pairs.length} pairs of rounds, one in each step order: ${list(r.pairs)}, ` +
        `spread ${spread(r.pairs)}; the rounds' own ratios: ${list(r.rounds)})`
      : r.rounds.length > 1
        ? ` (median of the rounds' ratios: ${list(r.rounds)})`
        : '';
  const cpu = r.cpu
    ? `; main thread CPU ms per answer at ${conns} / at ${base}: ${fmt(r.cpu.at, 2)} / ${fmt(r.cpu.base, 2)} ` +
      `= ${fmt(r.cpu.at / r.cpu.base, 2)} (medians)`
    : '';
  return `${name} 2xx/s at ${conns} conns / at ${base}: ${fmt(r.headline, 2)} (goal >= 0.9)${how}${cpu}`;
}
