// CPU time and memory of a process (and of a process tree) from Linux's /proc, for the bench's
// server-side figures. Clock ticks are USER_HZ, 100 a second on every Linux the bench runs on.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid) {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Field 3 (state) is index 0 here: utime is field 14, stime 15, cutime 16, cstime 17, ppid 4.
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
}

/** User + system CPU seconds a process has used so far (its own threads, not its children). */
export function cpuSeconds(pid) {
  const f = statFields(pid);
  return (Number(f[11]) + Number(f[12])) / TICKS_PER_SECOND;
}

/**
 * CPU seconds of a process and everything under it: its own, its reaped children's (cutime,
 * cstime) and its live children's. The difference of two readings is what the tree used in
 * between, also when children came and went (PostgreSQL forks a backend per connection).
 */
export function treeCpuSeconds(rootPid) {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const f = statFields(name);
      const ppid = Number(f[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  const total = (pid) => {
    try {
      const f = statFields(pid);
      const own = Number(f[11]) + Number(f[12]);
      const reaped = Number(f[13]) + Number(f[14]);
      return own + reaped + (children.get(pid) ?? []).reduce((sum, c) => sum + total(c), 0);
    } catch {
      return 0;
    }
  };
  return total(rootPid) / TICKS_PER_SECOND;
}

/** Resident memory now and its peak (VmRSS, VmHWM), in MiB. */
export function memoryMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}
