#!/usr/bin/env node
// @ts-check
/**
 * `npm run contacts:restore -- --at <ISO time> [--dry-run]`: restores every contact to how it was
 * at that time, from contacts_history, with ordinary (and so undoable) updates. `--dry-run` lists
 * what would change and writes nothing.
 *
 * Talks to SUPABASE_URL (or PUBLIC_SUPABASE_URL; the local backend when neither is set). With
 * SUPABASE_SERVICE_ROLE_KEY it runs the database's restore_contacts(), which restores every contact
 * in one transaction with the contacts locked, so nobody writing meanwhile can outrun it. Without
 * it, it signs in to the team account with TEAM_PASSWORD (PUBLIC_TEAM_EMAIL, else TEAM_EMAIL, else the
 * default e-mail, as the built site signs in) and the anon key in SUPABASE_KEY (or PUBLIC_SUPABASE_ANON_KEY), and makes one
 * conditional update per contact, as the team may on the contacts screen. The anon key alone can do
 * nothing: contacts are the team's. For the local backend the local anon key and the local team
 * password (TEAM_PASSWORD or its old name CALENDAR_PASSWORD, else the development one) are the defaults.
 */
import { parseArgs } from "node:util";
import { LOCAL_ANON_KEY, localSupabaseUrl } from "../server/local-keys.mjs";
import { builtTeamEmail, DEV_TEAM_PASSWORD, teamPasswordFromEnv } from "../server/team-account.mjs";
import {
  describeRestore,
  printable,
  restoreContacts,
  restoreContactsAtOnce,
  signInTeam,
} from "../tools/admin/contacts-restore.mjs";

const usage = "Usage: npm run contacts:restore -- --at 2025-01-04T09:30:00Z [--dry-run]";

let options;
try {
  ({ values: options } = parseArgs({
    options: { at: { type: "string" }, "dry-run": { type: "boolean", default: false }, help: { type: "boolean" } },
  }));
} catch (error) {
  console.error(`${/** @type {Error} */ (error).message}\n${usage}`);
  process.exit(2);
}
if (options.help || !options.at) {
  console.log(usage);
  process.exit(options.help ? 0 : 2);
}

const url = process.env.SUPABASE_URL || process.env.PUBLIC_SUPABASE_URL || localSupabaseUrl();
const isLocal = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(url);
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
const anonKey =
  process.env.SUPABASE_KEY || process.env.PUBLIC_SUPABASE_ANON_KEY || (isLocal ? LOCAL_ANON_KEY : undefined);
const password = isLocal ? teamPasswordFromEnv() || DEV_TEAM_PASSWORD : process.env.TEAM_PASSWORD;
if (!serviceKey && (!anonKey || !password)) {
  console.error(
    `To restore the contacts of ${url}, set SUPABASE_SERVICE_ROLE_KEY (the project's service role key: every contact in one go), ` +
      "or TEAM_PASSWORD with SUPABASE_KEY (the team account's password and the project's anon key: one contact at a time, " +
      "within the team's allowance for changes). The anon key alone reads no contact: they are the team's.",
  );
  process.exit(2);
}

try {
  const dryRun = options["dry-run"];
  const result = serviceKey
    ? await restoreContactsAtOnce({ url, key: serviceKey, at: options.at, dryRun })
    : await restoreContacts({
        url,
        key: /** @type {string} */ (anonKey),
        accessToken: await signInTeam({
          url,
          key: /** @type {string} */ (anonKey),
          email: builtTeamEmail(),
          password: /** @type {string} */ (password),
        }),
        at: options.at,
        dryRun,
      });
  console.log(describeRestore(result, { dryRun }));
  process.exit(result.skipped.length > 0 || result.refused.length > 0 ? 1 : 0);
} catch (error) {
  console.error(`Restore stopped: ${printable(/** @type {Error} */ (error).message)}`);
  process.exit(1);
}
