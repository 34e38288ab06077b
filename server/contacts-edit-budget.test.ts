/**
 * The local backend's /rest/v1/rpc for the whole-table restore: refused to the anon key and to the team,
 * and an unknown function answered as PostgREST's schema cache answers it. What the restore does, and the
 * edit budget around it, are the SQL's own tests (supabase/tests/contacts-edit-allowance.test.ts).
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { type Backend, client, withTeamBackend } from "./test-helpers";

let backend: Backend;
let team: SupabaseClient;

withTeamBackend((started, session) => ([backend, team] = [started, session]));

describe("restoring the whole table", () => {
  it("is for the service role only, over /rest/v1/rpc: the anon role gets 401, the team 403", async () => {
    const args = { at: new Date().toISOString(), dry_run: true };
    const { status, error } = await client(backend.url).rpc("restore_contacts", args);
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
    const asTeam = await team.rpc("restore_contacts", args);
    expect(asTeam.status).toBe(403);
    expect(asTeam.error?.code).toBe("42501");
    const unknown = await client(backend.url, LOCAL_SERVICE_ROLE_KEY).rpc("restore_everything", {});
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe("PGRST202");
  });
});
