// @ts-check
/**
 * Where the content comes from: the owner's files in src/content/, or the folder STAGEDOOR_CONTENT names.
 * The tests set it to their fixtures (src/test/content/: the product's three dates and its words), so the
 * owner's edits never turn a test red; `npm run build` and Netlify's build leave it unset.
 */

/** The owner's own content folder. */
export const OWNER_CONTENT = "src/content";

/** The fixture content the unit tests and the browser journeys read. */
export const FIXTURE_CONTENT = "src/test/content";

/**
 * The content folder, from the project's root, without a trailing slash.
 * @param {Record<string, string | undefined>} [env]
 */
export function contentDir(env = process.env) {
  return (env.STAGEDOOR_CONTENT || OWNER_CONTENT).replace(/\/+$/, "");
}
