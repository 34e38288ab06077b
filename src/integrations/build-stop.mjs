// @ts-check
/**
 * How astro.config.mjs stops a build for a reason the site's owner mends (a deploy setting missing, a
 * placeholder left, a mistake in the site settings): the message printed once, and a failed exit. Thrown
 * while the config loads, the same error would be printed twice, first by Vite and then by Astro, each
 * time under a stack trace that tells the owner nothing.
 */

/**
 * Prints why the build stops, with the hint of an error that has one, and exits with status 1.
 * @param {string | { message: string, hint?: string }} reason the message, or an error
 * @param {{ print?: (text: string) => void, exit?: (status: number) => never }} [io]
 * @returns {never}
 */
export function stopBuild(reason, { print = console.error, exit = process.exit } = {}) {
  const { message, hint } = typeof reason === "string" ? { message: reason, hint: undefined } : reason;
  print(`\n${message}${hint ? `\n  ${hint}` : ""}`);
  return exit(1);
}
