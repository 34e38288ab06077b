// @ts-check
/**
 * Publishing by itself, locally: `npm start` looks at the published shows' digest every few seconds and,
 * once it differs from the digest the served build recorded and has stayed the same for a quiet spell,
 * rebuilds the site (aside, as every build). A burst of changes makes one build, never one per keystroke;
 * a change during a build makes one more after it; a build that fails is not retried until the shows
 * change again (back to what it failed on too). Whatever goes wrong in a look (the shows unreadable for two looks
 * running, the build record unreadable while the process has no file handle left) is said, once while it lasts,
 * and the watch goes on: it never ends the process that also serves the site and the backend.
 */

/**
 * @param {object} options
 * @param {() => Promise<string>} options.digestNow the published shows' digest now (throws when unreadable)
 * @param {() => string} options.builtDigest the digest the served build recorded
 * @param {() => Promise<boolean>} options.rebuild builds the site; whether it succeeded
 * @param {number} [options.intervalMs] how often to look
 * @param {number} [options.quietMs] how long the shows must stay unchanged before a build
 * @param {(line: string) => void} [options.log]
 * @returns {{ stop: () => void, idle: () => Promise<void> }}
 */
export function watchShows({ digestNow, builtDigest, rebuild, intervalMs = 2_000, quietMs = 3_000, log = () => {} }) {
  /** @type {string | undefined} */
  let seen;
  let changedAt = 0;
  /** @type {string | undefined} the digest a failed build was for */
  let failed;
  let stopped = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {Promise<void>} */
  let current = Promise.resolve();
  /** @type {string | undefined} why the last look went wrong, said once however many looks it lasts */
  let trouble;
  /** How many looks in a row could not read the shows. */
  let unread = 0;

  async function look() {
    let now;
    try {
      now = await digestNow();
      unread = 0;
    } catch (error) {
      // One look the backend could not answer (busy, starting or stopping) is no news; one more is said, once.
      unread += 1;
      if (unread >= 2) throw error;
      return;
    }
    if (now !== seen) {
      seen = now;
      changedAt = Date.now();
      // A failed build stands for the shows only until they change: the same shows made again are built again.
      failed = undefined;
    }
    if (seen === builtDigest() || seen === failed || Date.now() - changedAt < quietMs) return;
    log("The published shows changed: rebuilding the site…");
    const target = seen;
    /** @type {string | null} why the build could not even be made (a folder it could not lock or move) */
    let broke = null;
    let built = false;
    try {
      built = await rebuild();
    } catch (error) {
      broke = error instanceof Error ? error.message : String(error);
    }
    if (built) {
      failed = undefined;
      log("✔ The site shows the published shows as they are now.");
    } else {
      failed = target;
      log(`✖ The rebuild failed (${broke ?? "see above"}): the site stays as it was until the shows change again.`);
    }
  }

  /** One look, whatever it meets: an error is said (once while it lasts) and the next look is scheduled. */
  const lookSafely = () =>
    look().then(
      () => {
        trouble = undefined;
      },
      (/** @type {unknown} */ error) => {
        const message = error instanceof Error ? error.message : String(error);
        if (message !== trouble) log(`✖ Could not look at the published shows (${message}): looking again shortly.`);
        trouble = message;
      },
    );

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = lookSafely().finally(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
    idle: () => current,
  };
}
