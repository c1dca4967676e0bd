// A small deterministic generator for tests that build pages at random: the pages must be the
// same on every run, so a failure can be read again.
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
