/**
 * The documented restore command, against a fresh local backend: with the service role key, or signed
 * in to the team account (the anon key alone reads no contact).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "../../server/local-keys.mjs";
import { type Backend, client, contact, sessionHeaders, signedIn, TEAM, withBackend } from "../../server/test-helpers";
import {
  describeRestore,
  parseRestoreTime,
  planRestore,
  printable,
  restoreContacts,
  restoreContactsAtOnce,
  signInTeam,
} from "./contacts-restore.mjs";

let backend: Backend;
/** The team account's session, as the tool signs in to it. */
const asTeam = async () => ({
  url: backend.url,
  key: LOCAL_ANON_KEY,
  accessToken: await signInTeam({ url: backend.url, key: LOCAL_ANON_KEY, ...TEAM }),
});
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
const values = (rows: Record<string, unknown>[] | null) =>
  (rows ?? []).map(({ id, name, role, email, phone }) => ({ id, name, role, email, phone }));

withBackend((started) => (backend = started));

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
  const version = (id: string, n: number, writtenAt: string, replacedAt: string) => ({
    contact_id: id,
    version: n,
    contact: row(id, { name: `Old ${id} ${n}`, version: n, updated_at: writtenAt }),
    written_at: writtenAt,
    replaced_at: replacedAt,
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
  it("undoes a mass overwrite as the team, lists it first in a dry run, and can itself be undone", async () => {
    const supabase = await signedIn(backend.url);
    await supabase.from("contacts").insert([contact("r1", { email: "r1@x.ie" }), contact("r2", { phone: "01" })]);
    await supabase.from("contacts").update({ role: "Manager" }).eq("id", "r1");
    const { data: before } = await supabase.from("contacts").select("*").order("id");
    await pause();
    const at = new Date().toISOString();
    await pause();
    await supabase.from("contacts").insert(contact("r3"));
    // One contact a request, as a team session in the wrong hands may.
    const vandalHeaders = {
      ...(await sessionHeaders(await signedIn(backend.url))),
      "Content-Type": "application/json",
    };
    for (const id of ["r1", "r2", "r3"]) {
      const vandal = await fetch(`${backend.url}/rest/v1/contacts?id=eq.${id}`, {
        method: "PATCH",
        headers: vandalHeaders,
        body: JSON.stringify({ name: "pwned", role: "pwned", email: null, phone: null }),
      });
      expect(vandal.status).toBe(204);
    }
    await pause();
    const beforeRestore = new Date().toISOString();
    await pause();

    const dry = await restoreContacts({ ...(await asTeam()), at, dryRun: true });
    expect(dry.changes.map((change) => change.id).sort()).toEqual(["r1", "r2"]);
    expect(dry.addedLater.map((row) => row.id)).toEqual(["r3"]);
    expect(describeRestore(dry, { dryRun: true })).toContain("Dry run: 2 contact(s) would be restored");
    const { data: untouched } = await supabase.from("contacts").select("name").in("id", ["r1", "r2"]);
    expect(untouched?.every((row) => row.name === "pwned")).toBe(true);

    const run = await restoreContacts({ ...(await asTeam()), at });
    expect(run.restored).toHaveLength(2);
    expect(run.skipped).toEqual([]);
    const { data: after } = await supabase.from("contacts").select("*").in("id", ["r1", "r2"]).order("id");
    expect(values(after)).toEqual(values(before));
    // The contact added after that time is left as it is (pwned too: its own history has it back).
    const { data: late } = await supabase.from("contacts").select("name").eq("id", "r3").single();
    expect(late).toEqual({ name: "pwned" });

    // Undo: restore to a moment before the restore ran.
    const undo = await restoreContacts({ ...(await asTeam()), at: beforeRestore });
    expect(undo.restored).toHaveLength(2);
    const { data: undone } = await supabase.from("contacts").select("name").in("id", ["r1", "r2"]);
    expect(undone?.every((row) => row.name === "pwned")).toBe(true);
  });

  it("runs as the documented command, and refuses a time it cannot read", async () => {
    const run = promisify(execFile);
    const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_URL: backend.url };
    for (const name of ["SUPABASE_KEY", "PUBLIC_SUPABASE_ANON_KEY", "SUPABASE_SERVICE_ROLE_KEY", "TEAM_PASSWORD"]) {
      delete env[name];
    }
    for (const name of ["CALENDAR_PASSWORD", "PUBLIC_TEAM_EMAIL", "TEAM_EMAIL"]) delete env[name];
    // Against the local backend, the local anon key and team password are the defaults.
    const { stdout } = await run(
      process.execPath,
      ["scripts/contacts-restore.mjs", "--at", "2000-01-01T00:00:00Z", "--dry-run"],
      { env },
    );
    expect(stdout).toContain("Dry run: 0 contact(s) would be restored to how they were at 2000-01-01T00:00:00.000Z.");
    await expect(
      run(process.execPath, ["scripts/contacts-restore.mjs", "--at", "last tuesday"], { env }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("--at must be an ISO 8601 time with Z or an offset"),
    });
  });
});

describe("without the service role key", () => {
  const run = promisify(execFile);

  it("says what it needs when it has only the anon key, which reads no contact", async () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SUPABASE_URL: "https://abcdefgh.supabase.co",
      SUPABASE_KEY: "anon",
    };
    delete env.SUPABASE_SERVICE_ROLE_KEY;
    delete env.TEAM_PASSWORD;
    await expect(
      run(process.execPath, ["scripts/contacts-restore.mjs", "--at", "2025-01-04T09:30:00Z"], { env }),
    ).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        "set SUPABASE_SERVICE_ROLE_KEY (the project's service role key: every contact in one go), or TEAM_PASSWORD with SUPABASE_KEY",
      ),
    });
    await expect(
      restoreContacts({
        url: backend.url,
        key: LOCAL_ANON_KEY,
        accessToken: LOCAL_ANON_KEY,
        at: "2025-01-04T09:30:00Z",
      }),
    ).rejects.toThrow("401");
  });

  it("stops with the sign-in's reason when the team password is wrong", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, SUPABASE_URL: backend.url, TEAM_PASSWORD: "not-the-password" };
    delete env.SUPABASE_SERVICE_ROLE_KEY;
    await expect(
      run(process.execPath, ["scripts/contacts-restore.mjs", "--at", "2025-01-04T09:30:00Z"], { env }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("could not sign in: Invalid login credentials"),
    });
  });

  it("stops when the team's allowance for changes is spent, saying when to run it again, and goes on from there", async () => {
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    const ids = ["q1", "q2", "q3"];
    await admin.from("contacts").insert(ids.map((id) => contact(id)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const at = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (const id of ids) await admin.from("contacts").update({ name: "pwned" }).eq("id", id);
    await backend.db.exec("delete from public.contacts_update_log");
    await admin.from("contacts_limits").update({ updates_per_minute: 1 }).eq("id", true);
    try {
      const stopped = await restoreContacts({ ...(await asTeam()), at }).catch((error: Error) => error);
      expect(stopped).toBeInstanceOf(Error);
      expect((stopped as Error).message).toMatch(
        /^the team's allowance for changes to contacts is spent until \d{4}-\d\d-\d\dT[\d:.]+\+00:00: 1 of 3 contact\(s\) restored\. Run the same command again then/,
      );
      await admin.from("contacts_limits").update({ updates_per_minute: 120 }).eq("id", true);
      const rest = await restoreContacts({ ...(await asTeam()), at });
      expect(rest.restored).toHaveLength(2);
      const { data } = await admin.from("contacts").select("name").in("id", ids);
      expect(data?.every((row) => row.name.startsWith("Name q"))).toBe(true);
    } finally {
      await admin.from("contacts_limits").update({ updates_per_minute: 120 }).eq("id", true);
    }
  });
});

describe("the time to restore to", () => {
  it.each(["2025-01-04T09:30:00Z", "2025-01-04T10:30:00+01:00", "2025-01-04T04:30:00.250-05:00", "2025-01-04T09:30Z"])(
    "takes %s",
    (at) => {
      expect(parseRestoreTime(at)).toMatch(/^2025-01-04T09:30:00\.(000|250)Z$/);
    },
  );

  it.each([
    "0",
    "Jan 4",
    "2025-01-04",
    "2025-01-04T09:30:00",
    "2025-01-04 09:30:00Z",
    "2025-02-30T09:30:00Z",
    "2025-01-04T25:00:00Z",
  ])("refuses %s, which would be a guess", (at) => {
    expect(() => parseRestoreTime(at)).toThrow("--at must be an ISO 8601 time with Z or an offset");
  });
});

describe("the report in the operator's terminal", () => {
  it("escapes control characters, so a stored name cannot fake a line or move the cursor", () => {
    expect(printable("Aoife\u001b[2J\nRestored 99 of 99\\\u202e\u0085")).toBe(
      "Aoife\\u001b[2J\\nRestored 99 of 99\\\\\\u202e\\u0085",
    );
    const report = describeRestore(
      {
        at: "2025-01-04T09:30:00.000Z",
        changes: [],
        restored: [],
        skipped: [],
        refused: [],
        unknown: [],
        addedLater: [{ id: "x\ny", name: "\u001b[1A\rRestored 5 of 5", role: null, email: null, phone: null }],
      },
      { dryRun: false },
    );
    expect(report.split("\n")).toEqual([
      "Restored 0 of 0 contact(s) to how they were at 2025-01-04T09:30:00.000Z.",
      "1 contact(s) were added after that time and are left as they are:",
      "- x\\ny (\\u001b[1A\\rRestored 5 of 5)",
    ]);
  });
});

describe("restoring with the service role key", () => {
  it("restores every contact while someone keeps overwriting them, skipping none", async () => {
    const admin = client(backend.url, LOCAL_SERVICE_ROLE_KEY);
    await admin.from("contacts_limits").update({ updates_per_minute: 100000, updates_per_day: 100000 }).eq("id", true);
    const ids = Array.from({ length: 20 }, (_, i) => `w${i}`);
    await admin.from("contacts").insert(ids.map((id) => contact(id)));
    await pause();
    const at = new Date().toISOString();
    await pause();
    const vandal = await signedIn(backend.url); // a team session in the wrong hands
    let writing = true;
    // Overwrites made (answered), not sent: every contact has been overwritten once the count reaches them all.
    let flips = 0;
    const writer = (async () => {
      while (writing) {
        const id = ids[flips % ids.length];
        await vandal
          .from("contacts")
          .update({ name: `pwned ${flips}` })
          .eq("id", id);
        flips += 1;
      }
    })();
    try {
      while (flips < ids.length) await pause();
      const run = await restoreContactsAtOnce({ url: backend.url, key: LOCAL_SERVICE_ROLE_KEY, at });
      expect(run.changes.length).toBe(ids.length);
      expect(run.restored.length).toBe(ids.length);
      expect(run.skipped).toEqual([]);
      expect(describeRestore(run, { dryRun: false })).toContain(`Restored ${ids.length} of ${ids.length} contact(s)`);
    } finally {
      writing = false;
      await writer;
    }
    // Every contact went back to its name at that time in a version of its own: in the history
    // (the first version and the restored one), or the restored one is still the contact as it is.
    for (const id of ids) {
      const { data: history } = await admin.from("contacts_history").select("contact").eq("contact_id", id);
      const kept = (history ?? []).filter(({ contact }) => contact.name === `Name ${id}`);
      const { data: now } = await admin.from("contacts").select("name").eq("id", id).single();
      expect(kept.length + (now?.name === `Name ${id}` ? 1 : 0), id).toBe(2);
    }
    await admin.from("contacts_limits").update({ updates_per_minute: 120, updates_per_day: 3000 }).eq("id", true);
  });

  it("is what the documented command runs when SUPABASE_SERVICE_ROLE_KEY is set, and the anon key cannot", async () => {
    const run = promisify(execFile);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SUPABASE_URL: backend.url,
      SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    };
    const { stdout } = await run(
      process.execPath,
      ["scripts/contacts-restore.mjs", "--at", "2000-01-01T00:00:00+01:00", "--dry-run"],
      { env },
    );
    expect(stdout).toContain("Dry run: 0 contact(s) would be restored to how they were at 1999-12-31T23:00:00.000Z.");
    await expect(
      restoreContactsAtOnce({ url: backend.url, key: LOCAL_ANON_KEY, at: "2000-01-01T00:00:00Z" }),
    ).rejects.toThrow("401");
  });
});
