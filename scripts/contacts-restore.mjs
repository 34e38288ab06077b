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
 * it, SUPABASE_KEY (or PUBLIC_SUPABASE_ANON_KEY; the local anon key for the local backend) does
 * one conditional update per contact, as anyone may on the contacts screen.
 */
import { parseArgs } from "node:util";
import { LOCAL_ANON_KEY, LOCAL_SUPABASE_URL } from "../server/local-keys.mjs";
import {
  describeRestore,
  printable,
  restoreContacts,
  restoreContactsAtOnce,
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

const url = process.env.SUPABASE_URL || process.env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL;
const isLocal = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(url);
const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
const key =
  serviceKey ||
  process.env.SUPABASE_KEY ||
  process.env.PUBLIC_SUPABASE_ANON_KEY ||
  (isLocal ? LOCAL_ANON_KEY : undefined);
if (!key) {
  console.error(
    `Set SUPABASE_SERVICE_ROLE_KEY (the project's service role key), or SUPABASE_KEY (its anon key), to restore the contacts of ${url}.`,
  );
  process.exit(2);
}

try {
  const dryRun = options["dry-run"];
  const restore = serviceKey ? restoreContactsAtOnce : restoreContacts;
  const result = await restore({ url, key, at: options.at, dryRun });
  console.log(describeRestore(result, { dryRun }));
  process.exit(result.skipped.length > 0 || result.refused.length > 0 ? 1 : 0);
} catch (error) {
  console.error(`Restore stopped: ${printable(/** @type {Error} */ (error).message)}`);
  process.exit(1);
}
