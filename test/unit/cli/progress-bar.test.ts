// The --input progress bar: drawn (counts, failures, rate) only on a terminal.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { progressBar } from '../../../src/cli/progress-bar.js';

function terminal(isTTY: boolean) {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString();
      done();
    },
  }) as Writable & { isTTY: boolean; columns: number };
  stream.isTTY = isTTY;
  stream.columns = 120;
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text };
}

describe('progress bar of --input', () => {
  it('shows items done of the total, ok and failed counts and the rate on a terminal', () => {
    const tty = terminal(true);
    const bar = progressBar(tty.stream, 10)!;
    bar.read(10);
    bar.done({ items: 4, ok: 3, failed: 1 });
    bar.stop();
    assert.match(tty.text(), /4\/10 \| 3 ok, 1 failed \| \d+\.\d\/s/);
  });

  it('grows its total with what was read when the total is not known (stdin)', () => {
    const tty = terminal(true);
    const bar = progressBar(tty.stream, undefined)!;
    bar.read(250);
    bar.done({ items: 7, ok: 7, failed: 0 });
    bar.stop();
    assert.match(tty.text(), /7\/250 \| 7 ok, 0 failed/);
  });

  it('draws nothing when stderr is not a terminal', () => {
    const pipe = terminal(false);
    assert.equal(progressBar(pipe.stream, 10), undefined);
    assert.equal(pipe.text(), '');
  });
});
