// @ts-check
/**
 * A private PostgreSQL 15 server for the database tests (supabase/tests): Debian's postgresql-15 package
 * (installed with apt when it is missing and we run as root, as tools/chromium.mjs does for the browser;
 * otherwise it says what to run), initialised in a temporary folder as an ordinary OS user (postgres, when
 * we are root: the server refuses to run as root), listening only on a Unix socket in that folder, and
 * stopped with pg_ctl when the run ends, fails or is interrupted. A server left running by a run that was
 * killed outright is stopped by the next one.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Where Debian's postgresql-15 puts the server's programs (POSTGRES_BIN_DIR points elsewhere). */
const BIN_DIR = process.env.POSTGRES_BIN_DIR || "/usr/lib/postgresql/15/bin";
const PROGRAMS = ["initdb", "pg_ctl", "postgres", "pg_dump"];
/** The temporary folders' prefix, by which a later run finds a server a killed run left behind. */
const FOLDER_PREFIX = "stagedoor-postgres-";
/** The file in the folder holding the process id of the run that owns the server. */
const OWNER_FILE = "owner.pid";
/** @type {NodeJS.Signals[]} the signals on which a run stops its server before it ends */
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Where one of the server's programs is (pg_dump among them: Debian's postgresql-15 depends on its client).
 * @param {string} program
 */
export const postgresProgram = (program) => join(BIN_DIR, program);

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;
const hasServer = () => PROGRAMS.every((program) => existsSync(join(BIN_DIR, program)));

/** Finds the server's programs or, as root on Debian, installs them; otherwise throws saying how to. */
export function ensurePostgres() {
  if (hasServer()) return BIN_DIR;
  if (isRoot() && existsSync("/usr/bin/apt-get") && !process.env.POSTGRES_BIN_DIR) {
    console.log("PostgreSQL 15 is missing: installing Debian's postgresql-15 package (apt-get)…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "-qq", "postgresql-15"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (hasServer()) return BIN_DIR;
  }
  throw new Error(
    `The database tests need PostgreSQL 15's server programs in ${BIN_DIR}. Install them with:\n` +
      "  sudo apt-get update && sudo apt-get install -y postgresql-15\n" +
      "or point POSTGRES_BIN_DIR at the folder holding initdb, pg_ctl, postgres and pg_dump.",
  );
}

/**
 * Runs one of the server's programs as the OS user that owns the server.
 * @param {string} program
 * @param {string[]} args
 */
function run(program, args) {
  const path = join(BIN_DIR, program);
  const [command, commandArgs] = isRoot() ? ["runuser", ["-u", "postgres", "--", path, ...args]] : [path, args];
  const result = spawnSync(command, commandArgs, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(" ")} failed:\n${result.stderr || result.stdout || result.error}`);
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}

/**
 * Stops the server of `folder` (if it runs) and deletes the folder.
 * @param {string} folder
 */
function stopAndRemove(folder) {
  const data = join(folder, "data");
  if (existsSync(join(data, "postmaster.pid"))) {
    try {
      run("pg_ctl", ["stop", "--pgdata", data, "--mode", "immediate", "--silent"]);
    } catch {
      // Already stopped: nothing to do but remove the folder.
    }
  }
  rmSync(folder, { recursive: true, force: true });
}

/** Stops the servers whose runs died without stopping them (their owner's process is gone). */
function stopLeftBehind() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const folder = join(tmpdir(), name);
    let owner = NaN;
    try {
      owner = Number(readFileSync(join(folder, OWNER_FILE), "utf8"));
    } catch {
      // No owner file: a folder being set up right now, or one whose setup failed; left alone.
      continue;
    }
    if (!isAlive(owner)) stopAndRemove(folder);
  }
}

/** The numeric user and group ids of the postgres OS user, which the package creates. */
function postgresUser() {
  try {
    const id = (/** @type {string} */ flag) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new Error("Running as root, the database tests start PostgreSQL as the OS user postgres, which is missing.");
  }
}

/**
 * A running server of its own: initdb into a new temporary folder (with `superuser` as its superuser and
 * the locale PGlite uses), then started on a Unix socket in that folder. `stop()` stops it with pg_ctl and
 * deletes the folder; it also runs when this process exits or is interrupted.
 * @param {{ superuser: string }} options
 * @returns {{ socketFolder: string, stop: () => void }}
 */
export function startPostgres({ superuser }) {
  ensurePostgres();
  stopLeftBehind();
  const folder = mkdtempSync(join(tmpdir(), FOLDER_PREFIX));
  const data = join(folder, "data");
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off("exit", stop);
    for (const signal of SIGNALS) process.off(signal, onSignal);
    stopAndRemove(folder);
  };
  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    stop();
    // Nobody else listens: end the process as the signal would have.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  try {
    writeFileSync(join(folder, OWNER_FILE), String(process.pid));
    if (isRoot()) {
      const { uid, gid } = postgresUser();
      chownSync(folder, uid, gid);
    }
    run("initdb", [
      "--pgdata",
      data,
      "--username",
      superuser,
      "--auth",
      "trust",
      "--encoding",
      "UTF8",
      "--locale",
      "C.UTF-8",
      "--no-sync",
    ]);
    // Throwaway data: no durability, nothing but the socket, and UTC as a hosted project is.
    appendFileSync(
      join(data, "postgresql.conf"),
      [
        "listen_addresses = ''",
        `unix_socket_directories = '${folder}'`,
        "fsync = off",
        "synchronous_commit = off",
        "full_page_writes = off",
        "timezone = 'UTC'",
        "max_connections = 200",
        "",
      ].join("\n"),
    );
    process.on("exit", stop);
    for (const signal of SIGNALS) process.on(signal, onSignal);
    run("pg_ctl", ["start", "--pgdata", data, "--wait", "--timeout", "120", "--silent", "--log", join(folder, "log")]);
  } catch (error) {
    const log = join(folder, "log");
    const tail = existsSync(log) ? `\n${readFileSync(log, "utf8").split("\n").slice(-20).join("\n")}` : "";
    stop();
    throw new Error(`${/** @type {Error} */ (error).message}${tail}`);
  }
  return { socketFolder: folder, stop };
}
