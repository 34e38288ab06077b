/** The documented restore command, against a fresh local backend, with only the anon key. */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY } from "../server/local-keys.mjs";
import { type Backend, client, closeClients, contact, freshBackend } from "../server/test-helpers";
import { describeRestore, planRestore, restoreContacts } from "./lib/contacts-restore.mjs";

let backend: Backend;
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
const values = (rows: Record<string, unknown>[] | null) =>
  (rows ?? []).map(({ id, name, role, email, phone }) => ({ id, name, role, email, phone }));

beforeAll(async () => {
  backend = await freshBackend();
});
afterAll(async () => {
  await closeClients();
  await backend.close();
});

describe("planning a restore", () => {
  const at = "2025-01-04T12:00:00.000Z";
  const row = (id: string, fields: Record<string, unknown>) => ({
    id,
    name: `Name ${id}`,
    role: "Booker",
    email: null,
    phone: null,
    created_at: "2025-01-01T00:00:00Z",
    updated_at: "2025-01-05T00:00:00Z",
    version: 3,
    ...fields,
  });
  const version = (id: string, n: number, writtenAt: string, replacedAt: string, fields = {}) => ({
    contact_id: id,
    version: n,
    name: `Old ${id} ${n}`,
    role: "Booker",
    email: null,
    phone: null,
    written_at: writtenAt,
    replaced_at: replacedAt,
    ...fields,
  });

  it("takes each contact back to the version it had at that time", () => {
    const plan = planRestore(
      [row("a", {}), row("b", { updated_at: "2025-01-03T00:00:00Z" })],
      [
        version("a", 1, "2025-01-01T00:00:00Z", "2025-01-02T00:00:00Z"),
        version("a", 2, "2025-01-02T00:00:00Z", "2025-01-05T00:00:00Z"),
      ],
      at,
    );
    expect(plan.changes).toEqual([
      {
        id: "a",
        version: 3,
        fromVersion: 2,
        fields: ["name"],
        now: { name: "Name a", role: "Booker", email: null, phone: null },
        then: { name: "Old a 2", role: "Booker", email: null, phone: null },
      },
    ]);
  });

  it("leaves contacts added later, and says when the history has no version from then", () => {
    const plan = planRestore([row("late", { created_at: "2025-01-04T13:00:00Z" }), row("lost", {})], [], at);
    expect(plan.changes).toEqual([]);
    expect(plan.addedLater.map((c) => c.id)).toEqual(["late"]);
    expect(plan.unknown.map((c) => c.id)).toEqual(["lost"]);
  });
});

describe("npm run contacts:restore", () => {
  it("undoes a mass overwrite with the anon key, lists it first in a dry run, and can itself be undone", async () => {
    const supabase = client(backend.url);
    await supabase.from("contacts").insert([contact("r1", { email: "r1@x.ie" }), contact("r2", { phone: "01" })]);
    await supabase.from("contacts").update({ role: "Manager" }).eq("id", "r1");
    const { data: before } = await supabase.from("contacts").select("*").order("id");
    await pause();
    const at = new Date().toISOString();
    await pause();
    await supabase.from("contacts").insert(contact("r3"));
    const vandal = await fetch(`${backend.url}/rest/v1/contacts?id=neq.x`, {
      method: "PATCH",
      headers: {
        apikey: LOCAL_ANON_KEY,
        Authorization: `Bearer ${LOCAL_ANON_KEY}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ name: "pwned", role: "pwned", email: null, phone: null }),
    });
    expect(vandal.status).toBe(204);
    await pause();
    const beforeRestore = new Date().toISOString();
    await pause();

    const dry = await restoreContacts({ url: backend.url, key: LOCAL_ANON_KEY, at, dryRun: true });
    expect(dry.changes.map((change) => change.id).sort()).toEqual(["r1", "r2"]);
    expect(dry.addedLater.map((row) => row.id)).toEqual(["r3"]);
    expect(describeRestore(dry, { dryRun: true })).toContain("Dry run: 2 contact(s) would be restored");
    const { data: untouched } = await supabase.from("contacts").select("name").in("id", ["r1", "r2"]);
    expect(untouched?.every((row) => row.name === "pwned")).toBe(true);

    const run = await restoreContacts({ url: backend.url, key: LOCAL_ANON_KEY, at });
    expect(run.restored).toHaveLength(2);
    expect(run.skipped).toEqual([]);
    const { data: after } = await supabase.from("contacts").select("*").in("id", ["r1", "r2"]).order("id");
    expect(values(after)).toEqual(values(before));
    // The contact added after that time is left as it is (pwned too: its own history has it back).
    const { data: late } = await supabase.from("contacts").select("name").eq("id", "r3").single();
    expect(late).toEqual({ name: "pwned" });

    // Undo: restore to a moment before the restore ran.
    const undo = await restoreContacts({ url: backend.url, key: LOCAL_ANON_KEY, at: beforeRestore });
    expect(undo.restored).toHaveLength(2);
    const { data: undone } = await supabase.from("contacts").select("name").in("id", ["r1", "r2"]);
    expect(undone?.every((row) => row.name === "pwned")).toBe(true);
  });

  it("runs as the documented command, and refuses a time it cannot read", async () => {
    const run = promisify(execFile);
    const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_URL: backend.url };
    delete env.SUPABASE_KEY;
    delete env.PUBLIC_SUPABASE_ANON_KEY;
    const { stdout } = await run(
      process.execPath,
      ["scripts/contacts-restore.mjs", "--at", "2000-01-01T00:00:00Z", "--dry-run"],
      { env },
    );
    expect(stdout).toContain("Dry run: 0 contact(s) would be restored to how they were at 2000-01-01T00:00:00.000Z.");
    await expect(
      run(process.execPath, ["scripts/contacts-restore.mjs", "--at", "last tuesday"], { env }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("--at must be an ISO time") });
  });
});
