// A logger for tests that keeps what the service warns about, so that an assertion can say why
// items failed: a chunk's failure reason (worker died, queue unavailable, ...) is logged for the
// operator, not sent to the caller. Pass `logger` to createServices and the tool context.
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';

export interface RecordingLogger {
  logger: Logger;
  /**
   * What was logged, one line per distinct entry (level, message and fields, without time, pid
   * and host) with how many times it came, in the order first seen.
   */
  report: () => string;
}

export function recordingLogger(level: 'warn' | 'info' | 'debug' = 'warn'): RecordingLogger {
  const seen = new Map<string, number>();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        const { time: _time, pid: _pid, hostname: _host, ...entry } = JSON.parse(line) as Record<string, unknown>;
        const key = JSON.stringify(entry);
        seen.set(key, (seen.get(key) ?? 0) + 1);
      }
      done();
    },
  });
  return {
    logger: pino({ level }, sink),
    report: () => (seen.size === 0 ? '(nothing logged)' : [...seen].map(([entry, n]) => `${n} x ${entry}`).join('\n')),
  };
}
