// @ts-check
/**
 * How many cores the test run plans for and how patient its waits are, from one place. Every timeout of the
 * tests (Vitest's test and hook timeouts, the journeys' test and expect timeouts, the waits of
 * server/test-helpers.ts) guards against a hang: it is what the check needs on the two-core machine it was
 * measured on, times SLOWNESS. By default SLOWNESS is 3 on two cores or more and grows as the cores shrink (6 on
 * one), so a correct test passes on a machine three times slower than that one; a test that hangs fails a
 * little later, never a correct one sooner. None of them asserts how fast anything is (that is the bench's).
 *
 *   TEST_SLOWNESS=6 npm test   a machine six times slower, or one busy with other work: every wait six times longer
 *   TEST_CORES=1 npm test      plan the steps as on one core (default: the cores this process may use)
 */
import { availableParallelism } from "node:os";

/**
 * A positive number from the environment variable `name`, or `fallback` when it is unset.
 * @param {string} name
 * @param {number} fallback
 * @param {{ integer?: boolean, most: number }} rules
 */
function fromEnv(name, fallback, { integer = false, most }) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > most || (integer && !Number.isInteger(value))) {
    throw new Error(
      `${name} must be a ${integer ? "whole number" : "number"} above 0 and at most ${most}, not "${raw.slice(0, 40)}"`,
    );
  }
  return value;
}

/** The cores the run plans for: those this process may use (taskset narrows them), or TEST_CORES. */
export const CORES = fromEnv("TEST_CORES", availableParallelism(), { integer: true, most: 1024 });

/** How many times longer than measured every wait of the tests is (see above). */
const SLOWNESS = fromEnv("TEST_SLOWNESS", 3 * Math.max(1, 2 / CORES), { most: 100 });

/** `ms`, a wait measured on two cores, made as patient as SLOWNESS asks. */
export const patient = (/** @type {number} */ ms) => Math.round(ms * SLOWNESS);
