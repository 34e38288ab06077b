import { describe, expect, it } from "vitest";
import {
  fetchContactHistory,
  fetchContacts,
  HISTORY_PAGE,
  toContacts,
  toContactVersions,
  updateContact,
} from "./contacts.api";
import { failure } from "../../test/fake-client";
import { fakeContactsServer } from "./contacts.fake";

describe("rows from the server", () => {
  const row = {
    id: "c1",
    name: "Aoife",
    role: "Booker",
    email: null,
    phone: "087",
    created_at: "2025-01-02T09:00:00+00:00",
    version: 2,
    updated_at: "2025-01-03T09:00:00+00:00",
  };

  it("are kept with their version when well formed", () => {
    expect(toContacts([row])).toEqual([row]);
  });

  it("drop a row without an id, a name, a role or a version, instead of breaking the list", () => {
    expect(
      toContacts([
        row,
        null,
        "text",
        { ...row, id: 7 },
        { ...row, name: null },
        { ...row, role: undefined },
        { ...row, version: "2" },
        { ...row, version: 0 },
      ]),
    ).toEqual([row]);
    expect(toContacts({ rows: [row] })).toEqual([]);
  });

  it("read a non-text e-mail or phone as empty", () => {
    expect(toContacts([{ ...row, email: 5, phone: { x: 1 } }])[0]).toMatchObject({ email: null, phone: null });
  });

  it("read history rows newest first, each the whole contact as it was, and drop malformed ones", () => {
    const rows = [1, 2].map((n) => ({
      contact_id: "c1",
      version: n,
      contact: { ...row, role: `Role ${n}`, version: n },
      written_at: `2025-01-0${n}T09:00:00+00:00`,
      replaced_at: `2025-01-0${n + 1}T09:00:00+00:00`,
    }));
    const malformed = [
      { ...rows[0], version: null },
      { ...rows[0], replaced_at: 1 },
      { ...rows[0], contact: null },
      { ...rows[0], contact: { ...row, name: null } },
      "x",
      null,
    ];
    expect(toContactVersions([...rows, ...malformed])).toEqual([
      {
        contactId: "c1",
        version: 2,
        name: "Aoife",
        role: "Role 2",
        email: null,
        phone: "087",
        writtenAt: "2025-01-02T09:00:00+00:00",
        replacedAt: "2025-01-03T09:00:00+00:00",
      },
      expect.objectContaining({ version: 1, role: "Role 1" }),
    ]);
    expect(toContactVersions({ data: rows })).toEqual([]);
  });

  it("leave a malformed row out of the loaded list, and the rest of the list in", async () => {
    const server = fakeContactsServer([{ id: "a", name: "Aoife", role: "Booker" }]);
    server.intercept((request, answer) => {
      const reply = answer(request);
      if (request.after !== undefined) return reply; // the page after the last contact: none
      return { ...reply, data: [...(reply.data ?? []), { id: "b", name: null, role: "?" }, 42, null] };
    });
    expect((await fetchContacts(server.client)).map((contact) => contact.name)).toEqual(["Aoife"]);
  });
});

describe("saving over a version", () => {
  const server = () => fakeContactsServer([{ id: "a", name: "Aoife", role: "Booker" }]);
  const values = { name: "Aoife", role: "Agent", email: null, phone: null };

  it("saves when the contact is still at the version the draft was taken from", async () => {
    const table = server();
    expect(await updateContact(table.client, "a", 1, values)).toMatchObject({
      outcome: "saved",
      contact: { role: "Agent", version: 2 },
    });
  });

  it("hands back their values when someone else changed the contact meanwhile", async () => {
    const table = server();
    table.change("Aoife", { role: "Press" });
    expect(await updateContact(table.client, "a", 1, values)).toMatchObject({
      outcome: "changed",
      theirs: { role: "Press", version: 2 },
    });
    expect(table.row("Aoife")).toMatchObject({ role: "Press", version: 2 });
  });

  it("says the contact is gone when no row has its id", async () => {
    const table = server();
    table.remove("Aoife");
    expect(await updateContact(table.client, "a", 1, values)).toEqual({ outcome: "gone" });
  });

  it("does not take a refused write at the same version for someone else's change", async () => {
    const table = server();
    table.intercept((request, answer) =>
      request.method === "update" ? { data: [], error: null, status: 200 } : answer(request),
    );
    expect(await updateContact(table.client, "a", 1, values)).toEqual({ outcome: "unchanged" });
  });

  it("throws the server's error", async () => {
    const table = server();
    table.intercept((request) => (request.method === "update" ? failure(400, "blank name") : undefined));
    await expect(updateContact(table.client, "a", 1, values)).rejects.toMatchObject({ message: "blank name" });
  });
});

describe("a contact's history pages", () => {
  it("reads the newest page first and says whether older versions remain", async () => {
    const table = fakeContactsServer([{ id: "a", name: "Aoife", role: "Booker" }]);
    for (let i = 1; i <= HISTORY_PAGE + 10; i += 1) table.change("Aoife", { role: `Role ${i}` });
    const newest = await fetchContactHistory(table.client, "a");
    expect(newest.versions).toHaveLength(HISTORY_PAGE);
    expect(newest.versions[0].version).toBe(HISTORY_PAGE + 10);
    expect(newest.more).toBe(true);
    const older = await fetchContactHistory(table.client, "a", newest.versions.at(-1)?.version);
    expect(older.versions.map((version) => version.version)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(older.more).toBe(false);
  });
});
