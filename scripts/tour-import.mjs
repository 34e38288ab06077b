#!/usr/bin/env node
// @ts-check
/**
 * `npm run tour:import [-- --file <tour file>]`: the dates src/content/tour.yaml (or the file given) still
 * lists become published gigs of the project's calendar, once: a date whose show is already there (by id)
 * is left as it is, so a second run imports nothing. From then on the build reads the tour from the
 * calendar, and dates left in the file are no longer read.
 *
 * Talks to SUPABASE_URL (or PUBLIC_SUPABASE_URL; the local backend when neither is set) as the team:
 * TEAM_PASSWORD (the team account's password; PUBLIC_TEAM_EMAIL, else TEAM_EMAIL, else the default
 * e-mail) with the anon key in SUPABASE_KEY (or PUBLIC_SUPABASE_ANON_KEY). For the local backend the local
 * anon key and the local team password (TEAM_PASSWORD, else the development one) are the defaults.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import yaml from "js-yaml";
import { LOCAL_ANON_KEY, localSupabaseUrl } from "../server/local-keys.mjs";
import { builtTeamEmail, DEV_TEAM_PASSWORD, teamPasswordFromEnv } from "../server/team-account.mjs";
import { printable, signInTeam } from "../tools/admin/contacts-restore.mjs";
import { datesOfTourFile, describeImport, importTourDates } from "../tools/admin/tour-import.mjs";

const usage = "Usage: npm run tour:import [-- --file src/content/tour.yaml]";

let options;
try {
  ({ values: options } = parseArgs({
    options: { file: { type: "string", default: "src/content/tour.yaml" }, help: { type: "boolean" } },
  }));
} catch (error) {
  console.error(`${/** @type {Error} */ (error).message}\n${usage}`);
  process.exit(2);
}
if (options.help) {
  console.log(usage);
  process.exit(0);
}

const url = process.env.SUPABASE_URL || process.env.PUBLIC_SUPABASE_URL || localSupabaseUrl();
const isLocal = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(url);
const anonKey =
  process.env.SUPABASE_KEY || process.env.PUBLIC_SUPABASE_ANON_KEY || (isLocal ? LOCAL_ANON_KEY : undefined);
const password = isLocal ? teamPasswordFromEnv() || DEV_TEAM_PASSWORD : process.env.TEAM_PASSWORD;
if (!anonKey || !password) {
  console.error(
    `To import the tour into ${url}, set TEAM_PASSWORD and SUPABASE_KEY (the team account's password and the project's anon key).`,
  );
  process.exit(2);
}

let dates;
try {
  dates = datesOfTourFile(yaml.load(readFileSync(options.file, "utf8")));
} catch (error) {
  console.error(`Import stopped: ${options.file}: ${printable(/** @type {Error} */ (error).message)}`);
  process.exit(1);
}

try {
  const accessToken = await signInTeam({ url, key: anonKey, email: builtTeamEmail(), password });
  const result = await importTourDates({ url, key: anonKey, accessToken, dates });
  for (const line of describeImport(result, { file: options.file, url }).split("\n")) console.log(printable(line));
  process.exit(result.refused.length > 0 ? 1 : 0);
} catch (error) {
  console.error(`Import stopped: ${printable(/** @type {Error} */ (error).message)}`);
  process.exit(1);
}
