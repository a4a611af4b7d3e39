// The processes below one, read from /proc (Linux): what a benchmark measures of a server's
// processes and what the runtime spec asserts about npm start's.
import { readFileSync, readdirSync, readlinkSync } from "node:fs";

export type TreeProcess = {
  pid: number;
  ppid: number;
  /** The program's file (/proc/<pid>/exe), e.g. /usr/bin/node. */
  exe: string;
  argv: string[];
  rssKb: number;
  /** User and system CPU time so far, in clock ticks. */
  cpuTicks: number;
};

function readProcess(pid: number): TreeProcess | null {
  try {
    // The fields after the command's ")" (which may hold spaces): state, ppid, …, utime and stime
    // are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1)?.split(" ") ?? [];
    const rss = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return {
      pid,
      ppid: Number(fields[1]),
      exe: readlinkSync(`/proc/${pid}/exe`),
      argv: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean),
      // A kernel thread or a zombie has none.
      rssKb: rss ? Number(rss[1]) : 0,
      cpuTicks: Number(fields[11]) + Number(fields[12]),
    };
  } catch {
    // Gone while the table was read: it is not part of the tree any more.
    return null;
  }
}

/** The process `pid` and all its descendants, parents before children. */
export function readProcessTree(pid: number): TreeProcess[] {
  const table = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((row) => row !== null);
  const tree = table.filter((row) => row.pid === pid);
  for (let i = 0; i < tree.length; i++) tree.push(...table.filter((row) => row.ppid === tree[i].pid));
  return tree;
}
