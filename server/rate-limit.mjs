// @ts-check
/**
 * A token bucket per client address, like GoTrue's limiter on /auth/v1/token: each address starts with
 * `burst` tokens, each request takes one, and tokens come back at `refillPerSecond`.
 */

/** GoTrue's defaults for /token: a burst of 30, then 150 per 5 minutes. */
export const GOTRUE_TOKEN_RATE_LIMIT = Object.freeze({ burst: 30, refillPerSecond: 150 / 300 });

/** Addresses tracked at most; beyond it the fullest buckets are forgotten first (a full bucket is the default). */
const MAX_TRACKED = 10_000;

/** @typedef {{ burst: number, refillPerSecond: number }} RateLimit */

/**
 * @param {RateLimit} [limit]
 * @param {() => number} [now] milliseconds, as Date.now()
 */
export function createRateLimiter({ burst, refillPerSecond } = GOTRUE_TOKEN_RATE_LIMIT, now = () => Date.now()) {
  /** @type {Map<string, { tokens: number, at: number }>} */
  const buckets = new Map();

  /**
   * The tokens in `bucket` at `time`.
   * @param {{ tokens: number, at: number }} bucket
   * @param {number} time
   */
  function level(bucket, time) {
    return Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * refillPerSecond);
  }

  /** @param {number} time */
  function forgetFullBuckets(time) {
    for (const [key, bucket] of buckets) {
      if (level(bucket, time) >= burst) buckets.delete(key);
    }
    // Still too many (a flood from many addresses): drop the oldest entries, which are the most refilled.
    for (const key of buckets.keys()) {
      if (buckets.size < MAX_TRACKED) break;
      buckets.delete(key);
    }
  }

  /**
   * Takes one token for `key`; false when the bucket is empty (the request must be refused).
   * @param {string} key
   */
  function take(key) {
    const time = now();
    const bucket = buckets.get(key);
    const tokens = bucket ? level(bucket, time) : burst;
    if (tokens < 1) return false;
    buckets.delete(key); // re-inserted last: the map stays ordered by last use
    if (buckets.size >= MAX_TRACKED) forgetFullBuckets(time);
    buckets.set(key, { tokens: tokens - 1, at: time });
    return true;
  }

  return { take };
}
