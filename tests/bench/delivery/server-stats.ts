/** The server's CPU time and memory, from /proc, over its process and its children (cluster workers). */
import fs from 'node:fs';

const TICKS_PER_SECOND = 100;
const PAGE_BYTES = 4096;

interface ProcStat {
  pid: number;
  ppid: number;
  name: string;
  ticks: number;
  rssBytes: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: split after it.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      rssBytes: Number(fields[21]) * PAGE_BYTES,
    };
  } catch {
    return null;
  }
}

const allProcesses = () =>
  fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((stat): stat is ProcStat => stat !== null);

/** The process and every descendant, as they are now. */
function tree(root: number): ProcStat[] {
  const all = allProcesses();
  const found = all.filter((s) => s.pid === root);
  for (let i = 0; i < found.length; i++) found.push(...all.filter((s) => s.ppid === found[i]!.pid));
  return found;
}

export interface Usage {
  cpuSeconds: number;
  rssMb: number;
  processes: number;
}

export function usageOf(root: number): Usage {
  const stats = tree(root);
  return {
    cpuSeconds: stats.reduce((sum, s) => sum + s.ticks, 0) / TICKS_PER_SECOND,
    rssMb: Math.round(stats.reduce((sum, s) => sum + s.rssBytes, 0) / 1024 / 1024),
    processes: stats.length,
  };
}

/** CPU use between two readings, as a percentage of one core. */
export const cpuPercent = (before: Usage, after: Usage, seconds: number) =>
  Math.round(((after.cpuSeconds - before.cpuSeconds) / seconds) * 100);

/** The last ticks read of each PostgreSQL process, kept after it exits (its CPU still counts). */
const postgresTicks = new Map<number, number>();

function readPostgresTicks(): number {
  for (const s of allProcesses()) if (s.name === 'postgres') postgresTicks.set(s.pid, s.ticks);
  let total = 0;
  for (const ticks of postgresTicks.values()) total += ticks;
  return total;
}

/**
 * CPU seconds used so far by every PostgreSQL process of this machine (the database's share),
 * including backends that have exited since: read every 500 ms while `watchPostgres` runs, so that a
 * connection closed in the middle of a phase loses at most its last half second.
 */
export function postgresCpuSeconds(): number {
  return readPostgresTicks() / TICKS_PER_SECOND;
}

export function watchPostgres(): () => void {
  const timer = setInterval(readPostgresTicks, 500);
  return () => clearInterval(timer);
}

/** CPU seconds used so far by this process (the load generator). */
export function ownCpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
