/**
 * The local backend's /rest/v1/rpc for the whole-table restore: refused to the anon key, and an unknown
 * function answered as PostgREST's schema cache answers it. What the restore does, and the edit budget
 * around it, are the SQL's own tests (supabase/tests/contacts-edit-budget.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SERVICE_ROLE_KEY } from "./local-keys.mjs";
import { type Backend, client, closeClients, freshBackend } from "./test-helpers";

let backend: Backend;

beforeAll(async () => {
  backend = await freshBackend();
});
afterAll(async () => {
  await closeClients();
  await backend.close();
});

describe("restoring the whole table", () => {
  it("is for the service role only, over /rest/v1/rpc", async () => {
    const { status, error } = await client(backend.url).rpc("restore_contacts", {
      at: new Date().toISOString(),
      dry_run: true,
    });
    expect(status).toBe(401);
    expect(error?.code).toBe("42501");
    const unknown = await client(backend.url, LOCAL_SERVICE_ROLE_KEY).rpc("restore_everything", {});
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe("PGRST202");
  });
});
