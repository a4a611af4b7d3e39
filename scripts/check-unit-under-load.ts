// npm run test:unit:loaded: the unit project run while two busy loops hold both cores, as on a
// developer's machine that is building or testing something else. It must pass, and within its
// CPU budget: a unit run that goes red under load without a defect teaches people to ignore red.
// The figure is the CPU the run's processes used (their user and system time, read from /proc once
// they are reaped), not the wall time, which the load stretches at will. CI runs it.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
/** The unit project's budget, in CPU seconds (issue 36). */
const CPU_BUDGET_SECONDS = 30;
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds used by this process's children that have ended and been reaped (/proc/self/stat). */
function reapedChildrenCpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  // Fields after the command name (which may hold spaces, inside parentheses): cutime and cstime
  // are the 16th and 17th fields of the whole line.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND;
}

const loops = [0, 1].map(() => spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
const before = reapedChildrenCpuSeconds();
const started = performance.now();
const unit = spawn(path.join(root, "node_modules/.bin/vitest"), ["run", "--project", "unit"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});
const status = await new Promise<number | null>((resolve) => unit.on("close", (code) => resolve(code)));
// Read before the loops are reaped, so only the unit run's processes are counted.
const cpu = reapedChildrenCpuSeconds() - before;
for (const loop of loops) loop.kill("SIGKILL");

const wall = (performance.now() - started) / 1000;
console.log(
  `\nunit project under two busy loops: exit ${status}, ${cpu.toFixed(1)} CPU-s (budget ${CPU_BUDGET_SECONDS}), ${wall.toFixed(1)} s of wall time`,
);
if (status !== 0) process.exit(1);
if (cpu > CPU_BUDGET_SECONDS) {
  console.error(`the unit project used more CPU than its budget: move what is heavy to the contract project`);
  process.exit(1);
}
