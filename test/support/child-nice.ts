// The nice values of a child process's threads, read from /proc (Linux): the tests that check a
// child which reads a target's bytes (a large page, a PDF) runs below the service's priority.
import { readFileSync, readdirSync } from 'node:fs';

/** Nice values of every thread of the children of this process whose command line names `entry`. */
export function childThreadNice(entry: string): number[] {
  const nice: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(entry)) continue;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        const t = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        // Field 19 of stat is the nice value; the fields after the command name start at field 3.
        nice.push(Number(t.slice(t.lastIndexOf(')') + 2).split(' ')[16]));
      }
    } catch {
      // A process that ended meanwhile.
    }
  }
  return nice;
}
