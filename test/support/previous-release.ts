// The previous release, as a rolling deploy still runs it on the new schema: the commit just before
// the newest migration was added, read from git history and extracted into a temporary folder with
// `git archive`, which writes nothing into the repository's .git (a worktree would register itself
// there, under the feet of whoever works in this checkout).
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const git = async (args: string[]) => (await run("git", args, { cwd: root, maxBuffer: 1 << 26 })).stdout.trim();

export type PreviousRelease = { rev: string; label: string };

/**
 * Why the history cannot name the release, and how to get it; null when it can. The test is then
 * skipped, and npm test says so beside its count (as for a missing PostgreSQL).
 */
export async function findHistoryProblem(): Promise<string | null> {
  let top: string;
  try {
    top = await git(["rev-parse", "--show-toplevel"]);
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === "ENOENT" ? "git is not installed" : `${root} is not a git checkout`;
    return `${why}: the previous release is read from the repository's history. Install git and work in a clone (git clone, not a downloaded archive of the tree).`;
  }
  if (realpathSync(top) !== realpathSync(root)) {
    return `${root} sits inside another repository (${top}), whose history is not this project's: clone it.`;
  }
  // A shallow clone's oldest commit looks as if it added every file, so the answer would be wrong.
  if ((await git(["rev-parse", "--is-shallow-repository"])) === "true") {
    return "this clone is shallow: the commit before the newest migration may be missing, or look as if it added every migration. Run `git fetch --unshallow` (or clone without --depth).";
  }
  return null;
}

export async function findPreviousRelease(): Promise<PreviousRelease> {
  const problem = await findHistoryProblem();
  if (problem) throw new Error(problem);
  const migrations = "prisma/sqlite/migrations";
  const newest = readdirSync(path.join(root, migrations), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .at(-1);
  if (!newest) throw new Error(`${migrations} has no migration`);
  const added = await git(["log", "--diff-filter=A", "--format=%H", "-1", "--", `${migrations}/${newest}`]);
  // A migration not committed yet: the release it must work with is the code committed without it.
  let rev = await git(["rev-parse", "HEAD"]);
  if (added) {
    rev = await git(["rev-parse", "--verify", "--quiet", `${added}^`]).catch(() => {
      throw new Error(`${newest} came with the first commit (${added}): there is no release before it to run.`);
    });
  }
  const commit = await git(["log", "-1", "--format=%h %s", rev]);
  return { rev, label: `${commit}, the code before ${newest}${added ? "" : " (not committed yet)"}` };
}

type Lockfile = { packages?: Record<string, { version?: string }> };

/** The packages whose version here differs from what the release's lockfile pins, or which are gone. */
function lockfileDifferences(releaseLock: string, currentLock: string): string[] {
  const pinned = (JSON.parse(releaseLock) as Lockfile).packages ?? {};
  const current = (JSON.parse(currentLock) as Lockfile).packages ?? {};
  return Object.entries(pinned)
    .filter(([key, { version }]) => key !== "" && current[key]?.version !== version)
    .map(
      ([key, { version }]) =>
        `${key.replace(/^node_modules\//, "")} ${version} -> ${current[key]?.version ?? "absent"}`,
    );
}

export type ExtractedRelease = {
  /** The release's files, with this checkout's node_modules and migrations. */
  tree: string;
  /** Where the caller may write what it makes of the run. */
  work: string;
  /** Packages it runs on at another version than its lockfile pins (it shares this checkout's node_modules). */
  lockDifferences: string[];
  remove: () => void;
};

/**
 * The release's tree with this checkout's migrations in place of its own, so its own test setup
 * builds its databases with the new schema, and its own Prisma clients generated from its own
 * models (lib/db/generated is not committed).
 */
export async function extractRelease(rev: string): Promise<ExtractedRelease> {
  const work = mkdtempSync(path.join(tmpdir(), "cashier-previous-release-"));
  const tree = path.join(work, "tree");
  const remove = () => rmSync(work, { recursive: true, force: true });
  try {
    mkdirSync(tree);
    const archive = path.join(work, "release.tar");
    await git(["archive", "--output", archive, rev]);
    await run("tar", ["-x", "-f", archive, "-C", tree]);
    rmSync(archive);
    symlinkSync(path.join(root, "node_modules"), path.join(tree, "node_modules"), "dir");
    for (const provider of ["sqlite", "postgres"]) {
      const migrations = path.join("prisma", provider, "migrations");
      rmSync(path.join(tree, migrations), { recursive: true, force: true });
      cpSync(path.join(root, migrations), path.join(tree, migrations), { recursive: true });
    }
    await run(process.execPath, ["--import", "tsx", "scripts/generate-prisma.ts"], {
      cwd: tree,
      // Offline: no version check, no update notice.
      env: { ...process.env, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      timeout: 300_000,
    });
    const lockDifferences = lockfileDifferences(
      readFileSync(path.join(tree, "package-lock.json"), "utf8"),
      readFileSync(path.join(root, "package-lock.json"), "utf8"),
    );
    return { tree, work, lockDifferences, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
