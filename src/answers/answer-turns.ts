// Answers are made and sent on the main thread in small pieces (answer-text.ts encodes them an
// item at a time, answer-body.ts escapes a slice each time a socket pulls one), and the pieces of
// every answer in flight share one budget of main-thread time per turn of the event loop. With a
// budget per answer, 24 large answers in flight (bench:hostile row "held-mcp") each took their own
// 4 ms in the same turn, and a socket that kept taking slices pulled the next in a chain of
// process.nextTick callbacks that lets no I/O run until the kernel's send buffer is full: the
// service's event loop stood still for up to 111 ms at a time while other callers' calls waited.
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Main-thread time the pieces of answers may take in one turn of the event loop (ms). */
const TURN_MS = 4;

/** When the current turn's answer work began (performance.now()), or null outside one. */
let turnStartedAt: number | null = null;

/** Whether answer work may go on in this turn of the event loop (a turn opens at its first piece). */
export function answerTurnLeft(): boolean {
  const now = performance.now();
  if (turnStartedAt === null) {
    turnStartedAt = now;
    // Immediates run after the turn's I/O: this one ends the turn, and work waiting for the
    // next one (queued after it) opens the next.
    setImmediate(() => {
      turnStartedAt = null;
    });
  }
  return now - turnStartedAt <= TURN_MS;
}

/** Awaited before a piece of answer work: at once while the turn's budget lasts, else in a later turn. */
export async function answerTurn(): Promise<void> {
  while (!answerTurnLeft()) await nextTurn();
}

/**
 * The turns of one answer's work: its first TURN_MS are its own, then it takes the shared turns.
 * So a small answer (an honest call's, encoded in well under TURN_MS) is never held behind the
 * turns large answers have spent: sharing them from its first piece, a one-item answer waited a
 * turn of the event loop per piece while 24 large answers were being made, and honest callers'
 * p95 under row "held-mcp" doubled.
 */
export function answerWork(): () => Promise<void> {
  const startedAt = performance.now();
  let own = true;
  return async () => {
    if (own && performance.now() - startedAt <= TURN_MS) return;
    own = false;
    await answerTurn();
  };
}
