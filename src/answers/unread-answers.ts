// What each caller has not yet read of its answers, and the three rules on it. An answer the
// caller does not read stays in the service's memory (Node buffers what the kernel will not take,
// and a connection with an unsent answer has no idle timeout), so without a bound one caller that
// never read could hold as much as it could make the service answer. So:
// - while a caller's unsent answers hold more than `maxBytes`, its new calls are refused
//   (`429 rate_limited`, Retry-After 1) until it reads them: the bound is per caller, so other
//   callers' calls go on;
// - while all callers' unsent answers hold more than `maxTotalBytes`, the calls of a caller that
//   holds any are refused the same way, and so are the answers of the calls it had started: a
//   caller with several addresses or keys is as many callers, and eight that did not read held up
//   to 8 x 32 MiB (bench:hostile rows `unread`, `pipelined`, `held` with --callers 8). A caller
//   that holds none goes on (a caller that reads its answers holds none between its calls), so
//   callers that read are not refused for those who do not. The total is judged as the bound per
//   caller is, on what is held already: judged on what an answer would add, answers are refused
//   once made while the calls that make them are still let in. Nor are unread answers closed to
//   make room: the callers whose answers are closed are free to call again, and an attack's
//   addresses make room for one another (docs/admission.md has the figures);
// - a large answer (sent in slices, answer-body.ts) must be read at the minimum transfer rate
//   over each window, the rule a target's body is held to (fetch/transfer-rate.ts), or its
//   connection is closed: an answer abandoned unread does not hold its bytes for ever.
// What is counted, for every answer until its response closes: the slices a large answer (a JSON
// answer or an MCP tools/call's answer of more than SLICED_OVER_BYTES) has not yet handed to its
// socket, the lines an NDJSON answer's stream holds, what their sockets hold unwritten (the whole
// of an answer the MCP SDK's transport sends in one write), and the whole of an answer still
// queued behind an earlier one on its connection (HTTP/1.1 pipelining). Small answers count too:
// a connection whose reader stopped holds one in the service once the kernel's buffers are full,
// and a caller with many such connections held as many as it opened, none of them counted.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { RateFloor, type MinTransferRate } from '../fetch/transfer-rate.js';
import { AnswerBody, SLICED_OVER_BYTES } from './answer-body.js';
import { joinAnswer, type AnswerText } from './answer-text.js';
import { onClose } from './on-close.js';

/** An answer's bytes the service holds before its socket does. */
export interface Unsent {
  readonly unsent: number;
}

export interface UnreadAnswersOptions {
  /** Most unsent bytes a caller may hold before its new calls are refused; 0: no bound. */
  maxBytes: number;
  /** Most unsent bytes all callers may hold; 0: no bound. */
  maxTotalBytes?: number;
  /** The rate a large answer must be read at (0 bytes/s: no floor). */
  minRate: MinTransferRate;
  /** A large answer's connection was closed: its caller read it too slowly. */
  onCut?: (caller: string, unsentBytes: number) => void;
}

/** Why an answer is not sent (`429 rate_limited`): its caller holds too much unread, or all callers do. */
export class UnreadRefusal {
  constructor(readonly message: string) {}
}

export class UnreadAnswers {
  private readonly open = new Map<string, Set<ServerResponse>>();
  private readonly bodies = new WeakMap<ServerResponse, Unsent>();

  constructor(private readonly opts: UnreadAnswersOptions) {}

  /**
   * Counts `res`'s unsent bytes as `caller`'s until the response has closed: what its socket
   * holds unwritten, and what `answer` holds before it (an NDJSON answer's stream, a large
   * answer's slices).
   */
  track(caller: string, res: ServerResponse, answer?: Unsent): void {
    // A response whose client has gone holds nothing, and has had its 'close' already: tracked,
    // it would count against its caller for ever (and keep its answer alive).
    const connection = res.req.socket;
    if (res.closed || connection.destroyed) return;
    let set = this.open.get(caller);
    if (!set) {
      set = new Set();
      this.open.set(caller, set);
    }
    set.add(res);
    if (answer) this.bodies.set(res, answer);
    const untrack = () => {
      set.delete(res);
      if (set.size === 0 && this.open.get(caller) === set) this.open.delete(caller);
      forget();
    };
    // A response still queued behind another on its connection gets no 'close' of its own when
    // the connection goes (Node 22), so its connection's tells when it is over.
    const forget = onClose(connection, untrack);
    onClose(res, untrack);
  }

  /** The bytes of `caller`'s answers not yet written to their connections. */
  held(caller: string): number {
    const set = this.open.get(caller);
    if (!set) return 0;
    let bytes = 0;
    const sockets = new Set<Socket>();
    for (const res of set) {
      bytes += this.bodies.get(res)?.unsent ?? 0;
      // A response queued behind another on its connection has no socket yet and holds its output.
      if (res.socket) sockets.add(res.socket);
      else bytes += res.writableLength;
    }
    for (const socket of sockets) bytes += socket.writableLength;
    return bytes;
  }

  /** The message refusing `caller`'s new call, or null when it may start. */
  refusal(caller: string): string | null {
    const held = this.held(caller);
    if (this.opts.maxBytes > 0 && held > this.opts.maxBytes) {
      return (
        `Your earlier answers hold ${mib(held)} MiB you have not read yet (at most ${mib(this.opts.maxBytes)} MiB ` +
        `may wait, URLKIT_MAX_UNREAD_ANSWER_BYTES); read them, then retry.`
      );
    }
    const most = this.opts.maxTotalBytes ?? 0;
    if (most <= 0 || held === 0) return null;
    const total = this.totalHeld();
    if (total <= most) return null;
    return (
      `Callers hold ${mib(total)} MiB of answers they have not read yet, ${mib(held)} MiB of them yours (at most ` +
      `${mib(most)} MiB may wait in all, URLKIT_UNREAD_ANSWER_MEMORY_BYTES); read yours, then retry.`
    );
  }

  /** The bytes of every caller's answers not yet written to their connections. */
  private totalHeld(): number {
    let bytes = 0;
    for (const caller of this.open.keys()) bytes += this.held(caller);
    return bytes;
  }

  /**
   * The body to send for the answer `text` on `res` (counted as `caller`'s until it closes): the
   * text itself, or when it is large an AnswerBody whose slices are pulled as the caller reads
   * (its length is the Content-Length to send), or a refusal when its caller's unread answers, or
   * all callers', are already over their bound (refusal()): the calls a caller had started before
   * its answers went unread are not sent either (64 such calls otherwise held 64 answers, past the
   * bound the check at a call's start keeps; calls pipelined on connections never read, hundreds of
   * answers under 1 MiB).
   */
  body(caller: string, res: ServerResponse, text: AnswerText): string | AnswerBody | UnreadRefusal {
    const over = this.refusal(caller);
    if (over !== null) return new UnreadRefusal(over);
    if (text.bytes <= SLICED_OVER_BYTES) {
      this.track(caller, res);
      return joinAnswer(text);
    }
    let floor: RateFloor | null = null;
    const body = new AnswerBody(text, (n) => floor?.add(n));
    floor = new RateFloor(this.opts.minRate, () => {
      this.opts.onCut?.(caller, body.unsent);
      res.destroy();
    });
    this.track(caller, res, body);
    body.once('end', () => floor.stop());
    onClose(res, () => floor.stop());
    floor.resume();
    return body;
  }
}

function mib(n: number): string {
  return (n / 1024 / 1024).toFixed(1);
}
