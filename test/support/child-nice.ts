// The nice values of a child process's threads, read from /proc (Linux): the tests that check a
// child which reads a target's bytes (a large page, a PDF, a rendered page) runs below the
// service's priority.
import { readFileSync, readdirSync } from 'node:fs';

/** Nice values of every thread of the children of this process whose command line names `entry`. */
export function childThreadNice(entry: string): number[] {
  const nice: number[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(entry)) continue;
      nice.push(...threadNice(Number(pid)));
    } catch {
      // A process that ended meanwhile.
    }
  }
  return nice;
}

/** Nice values of every thread of process `pid`; throws when it has ended. */
export function threadNice(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const t = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // Field 19 of stat is the nice value; the fields after the command name start at field 3.
    return Number(t.slice(t.lastIndexOf(')') + 2).split(' ')[16]);
  });
}
