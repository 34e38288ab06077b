#!/usr/bin/env node
// @ts-check
/**
 * `npm run team:password`: creates the team account or sets its new password on the Supabase project
 * named by SUPABASE_URL (or PUBLIC_SUPABASE_URL), with SUPABASE_SERVICE_ROLE_KEY from the environment.
 * TEAM_EMAIL picks the account (default team@orlaquinlan.example). The password is typed twice at a
 * terminal without echo, or comes from TEAM_PASSWORD or the first line of stdin.
 */
import { readNewPassword, setTeamPassword, settingsFromEnv, TeamPasswordError } from "../tools/admin/team-password.mjs";

try {
  const settings = settingsFromEnv();
  const password = await readNewPassword();
  const outcome = await setTeamPassword({ ...settings, password });
  console.log(
    outcome === "created"
      ? `Created the team account ${settings.email} on ${settings.url}, marked as the team.`
      : `Set a new password for ${settings.email} on ${settings.url}; every session of the account has ended.`,
  );
} catch (error) {
  if (!(error instanceof TeamPasswordError)) throw error;
  console.error(`team:password: ${error.message}`);
  process.exitCode = 1;
}
