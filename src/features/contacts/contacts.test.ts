import { describe, expect, it } from "vitest";
import {
  bidiControlsIn,
  contactFromDraft,
  fieldsWithBidiControls,
  withoutBidiControls,
  draftFromContact,
  mergeEdits,
  LEGACY_CONTACTS_KEY,
  mergeLoaded,
  newContactId,
  parseLegacyContacts,
  remainingAfterMigration,
  updateFromDraft,
  withContact,
} from "./contacts";

describe("contact ids", () => {
  it("are the current timestamp plus 9 random alphanumerics", () => {
    expect(newContactId(1735689600000, () => 0)).toBe("1735689600000AAAAAAAAA");
    expect(newContactId()).toMatch(/^\d{13}[A-Za-z0-9]{9}$/);
    expect(newContactId()).not.toBe(newContactId());
  });
});

describe("adding a contact", () => {
  it("requires a name and a role", () => {
    expect(contactFromDraft({ name: "", role: "Booker", email: "", phone: "" }, "1")).toBeNull();
    expect(contactFromDraft({ name: "Aoife", role: "   ", email: "", phone: "" }, "1")).toBeNull();
  });

  it("does nothing when name or role shows nothing, as the table would refuse it", () => {
    const draft = (name: string) => ({ name, role: "Booker", email: "", phone: "" });
    for (const blank of [
      "\u200b\u3000", // zero-width and ideographic spaces
      "\u0301\u0302", // combining marks with nothing under them
      "\u2800", // the blank Braille pattern
      "\u0378", // not assigned by Unicode
      "\u{10ffff}", // a noncharacter
      "\ue000\u{f0000}", // private use
      "\ufffc",
      " \ufffd\u0301 ",
    ]) {
      expect(contactFromDraft(draft(blank), "1"), JSON.stringify(blank)).toBeNull();
      expect(contactFromDraft({ ...draft("Aoife"), role: blank }, "1"), JSON.stringify(blank)).toBeNull();
    }
    for (const name of ["Zoe\u0308", "\u0e2a\u0e31\u0e19\u0e15\u0e34", "Ciarán \ufffd", "Aoife \ue000"]) {
      expect(contactFromDraft(draft(name), "1")?.name).toBe(name);
    }
  });

  it("stores empty e-mail and phone as null", () => {
    expect(contactFromDraft({ name: " Aoife ", role: "Booker", email: " ", phone: "" }, "id1")).toEqual({
      id: "id1",
      name: "Aoife",
      role: "Booker",
      email: null,
      phone: null,
    });
  });
});

describe("invisible text-direction characters", () => {
  const override = "\u202E";

  it("are found in a name, role or e-mail, each kind named once, and taken out on request", () => {
    const draft = {
      name: `${override}TNEMYAP-KNAB${override}`,
      role: "Booker\u2066x\u2069\u200F",
      email: "a@b.ie",
      phone: "\u200E087",
    };
    expect(fieldsWithBidiControls(draft)).toEqual(["name", "role"]);
    expect(bidiControlsIn(draft.name)).toEqual(["U+202E"]);
    expect(bidiControlsIn(draft.role)).toEqual(["U+2066", "U+2069", "U+200F"]);
    expect(withoutBidiControls(draft.role)).toBe("Bookerx");
    expect(fieldsWithBidiControls({ ...draft, name: "Aoife", role: "Booker", email: "a\u202A@b.ie" })).toEqual([
      "email",
    ]);
    // Right-to-left text itself is welcome: only the invisible controls are refused.
    expect(
      fieldsWithBidiControls({
        name: "\u05E9\u05E8\u05D4 \u0644\u064A\u0644\u0649",
        role: "r",
        email: null,
        phone: null,
      }),
    ).toEqual([]);
  });

  it("keep a new contact from being added, as an empty name does", () => {
    expect(contactFromDraft({ name: `Aoife${override}`, role: "Booker", email: "", phone: "" }, "1")).toBeNull();
    expect(contactFromDraft({ name: "Aoife", role: "Booker", email: "", phone: "\u200E087" }, "1")).not.toBeNull();
  });
});

describe("editing a contact", () => {
  it("copies the contact into a draft and writes it back with nulls for empty fields", () => {
    const draft = draftFromContact({ name: "A", role: "B", email: null, phone: "123" });
    expect(draft).toEqual({ name: "A", role: "B", email: "", phone: "123" });
    expect(updateFromDraft({ ...draft, phone: "" })).toEqual({ name: "A", role: "B", email: null, phone: null });
  });
});

describe("loading the list", () => {
  const row = (id: string) => ({ id, name: id, role: "r", email: null, phone: null });

  it("keeps the table's order, newest first", () => {
    expect(mergeLoaded([row("b"), row("a")], []).map((c) => c.id)).toEqual(["b", "a"]);
  });

  it("keeps a contact added while loading at the top, once", () => {
    expect(mergeLoaded([row("b"), row("a")], [row("new"), row("b")]).map((c) => c.id)).toEqual(["new", "b", "a"]);
  });
});

describe("migrating legacy contacts", () => {
  it("looks for them under the key earlier versions of the page saved them under", () => {
    // Changing it would strand every contact still kept in a browser.
    expect(LEGACY_CONTACTS_KEY).toBe("contacts");
  });

  const raw = JSON.stringify([
    { id: "1", name: "Aoife", role: "Booker", email: "a@b.ie" },
    { id: 2, name: "Brian", role: "Press", phone: "01 234" },
    { name: "No id", role: "x" },
    "garbage",
  ]);

  it("migrates well-formed entries and reports the rest", () => {
    const parse = parseLegacyContacts(raw);
    expect(parse.migratable).toEqual([
      { id: "1", name: "Aoife", role: "Booker", email: "a@b.ie", phone: null },
      { id: "2", name: "Brian", role: "Press", email: null, phone: "01 234" },
    ]);
    expect(parse.unreadable).toHaveLength(2);
  });

  it("keeps failed and unreadable entries in local storage, removes only migrated ones", () => {
    const parse = parseLegacyContacts(raw);
    const kept = JSON.parse(remainingAfterMigration(parse, new Set(["2"]), raw) ?? "null");
    expect(kept.map((entry: { name?: string } | string) => (typeof entry === "string" ? entry : entry.name))).toEqual([
      "Brian",
      "No id",
      "garbage",
    ]);
  });

  it("removes the key once everything is migrated", () => {
    const clean = JSON.stringify([{ id: "1", name: "A", role: "B" }]);
    expect(remainingAfterMigration(parseLegacyContacts(clean), new Set(), clean)).toBeNull();
  });

  it("keeps entries lacking a name or role, and tolerates null and numbers", () => {
    const odd = JSON.stringify([null, 7, { id: "1", role: "Booker" }, { id: "2", name: "  ", role: "x" }]);
    const parse = parseLegacyContacts(odd);
    expect(parse.migratable).toEqual([]);
    expect(remainingAfterMigration(parse, new Set(), odd)).toBe(odd);
  });

  it("does nothing when there is no legacy list", () => {
    expect(parseLegacyContacts(null)).toEqual({ migratable: [], unreadable: [], notAList: false });
  });

  it("leaves a value that is not a list untouched", () => {
    for (const bad of ["{oops", '{"a":1}', "42"]) {
      const parse = parseLegacyContacts(bad);
      expect(parse.notAList).toBe(true);
      expect(remainingAfterMigration(parse, new Set(), bad)).toBe(bad);
    }
  });
});

describe("a save that meets someone else's change", () => {
  // The card as the editor opened it, and as someone else saved it meanwhile.
  const base = { name: "Aoife", role: "Booker", email: "aoife@example.ie", phone: null };
  const asOpened = { name: "Aoife", role: "Booker", email: "aoife@example.ie", phone: "" };

  it("keeps a field only they changed and takes a field only I changed, with nothing to ask", () => {
    const theirs = { ...base, phone: "087 123 4567" };
    expect(mergeEdits(base, { ...asOpened, role: "Agent" }, theirs)).toEqual({
      merged: { name: "Aoife", role: "Agent", email: "aoife@example.ie", phone: "087 123 4567" },
      conflicts: [],
      theirsKept: ["phone"],
    });
  });

  it("asks only about a field we both changed differently, and settles it as told", () => {
    const theirs = { ...base, role: "Manager", phone: "087 123 4567" };
    const draft = { ...asOpened, role: "Agent", email: "" };
    expect(mergeEdits(base, draft, theirs)).toEqual({
      merged: { name: "Aoife", role: "Agent", email: null, phone: "087 123 4567" },
      conflicts: ["role"],
      theirsKept: ["phone"],
    });
    expect(mergeEdits(base, draft, theirs, "theirs").merged).toEqual({
      name: "Aoife",
      role: "Manager",
      email: null,
      phone: "087 123 4567",
    });
  });

  it("sees no conflict where we both made the same change", () => {
    const theirs = { ...base, role: "Agent" };
    expect(mergeEdits(base, { ...asOpened, role: "Agent" }, theirs)).toEqual({
      merged: { ...base, role: "Agent" },
      conflicts: [],
      theirsKept: [],
    });
  });

  it("counts an emptied optional field as a change, and their emptying one too", () => {
    const theirs = { ...base, email: null };
    // They emptied the e-mail; I added a phone number.
    expect(mergeEdits(base, { ...asOpened, phone: " 01 234 " }, theirs)).toMatchObject({
      merged: { email: null, phone: "01 234" },
      conflicts: [],
      theirsKept: ["email"],
    });
    // They emptied the e-mail; I changed it: a conflict.
    expect(mergeEdits(base, { ...asOpened, email: "a@b.ie" }, theirs).conflicts).toEqual(["email"]);
  });

  it("never counts a field left alone as mine, even where the stored value is written differently", () => {
    // An older row with spaces around its e-mail: Save would trim it, but nobody here touched it.
    const untidy = { ...base, email: " aoife@example.ie " };
    const theirs = { ...untidy, email: "aoife@new.example" };
    expect(mergeEdits(untidy, draftFromContact(untidy), theirs)).toEqual({
      merged: theirs,
      conflicts: [],
      theirsKept: ["email"],
    });
  });

  it("puts their values on the card in its place, the rest of the list unchanged", () => {
    const list = [
      { id: "a", name: "A", role: "r", email: null, phone: null, version: 1 },
      { id: "b", name: "B", role: "r", email: null, phone: null, version: 1 },
    ];
    const updated = withContact(list, { ...list[1], role: "Agent", version: 2 });
    expect(updated.map((contact) => [contact.id, contact.role, contact.version])).toEqual([
      ["a", "r", 1],
      ["b", "Agent", 2],
    ]);
    expect(updated[0]).toBe(list[0]);
  });
});
