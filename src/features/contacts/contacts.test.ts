import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  addedTooLong,
  bidiControlsIn,
  contactFromDraft,
  fieldsWithBidiControls,
  withoutBidiControls,
  draftFromContact,
  mergeLoaded,
  newContactId,
  parseLegacyContacts,
  remainingAfterMigration,
  savedTooLong,
  typedDraft,
  updateFromDraft,
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

/**
 * The code points of the character class that the newest migration's private.without_bidi_controls
 * removes, which the table's check contacts_no_bidi_controls refuses.
 */
function serverBidiControls(): Set<number> {
  const folder = new URL("../../../supabase/migrations/", import.meta.url);
  const definitions = readdirSync(folder)
    .filter((file) => file.endsWith(".sql"))
    .sort()
    .map((file) => readFileSync(new URL(file, folder), "utf8"))
    .map((sql) => /function private\.without_bidi_controls\b[\s\S]*?regexp_replace\(value, '\[([^\]]+)\]'/.exec(sql))
    .filter((match) => match !== null);
  const characterClass = definitions.at(-1)?.[1];
  if (!characterClass) throw new Error("no migration defines private.without_bidi_controls");
  const codePoint = String.raw`\\(?:u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8}))`;
  const item = new RegExp(`${codePoint}(?:-${codePoint})?`, "y");
  const found = new Set<number>();
  for (let at = 0; at < characterClass.length; at = item.lastIndex) {
    item.lastIndex = at;
    const match = item.exec(characterClass);
    if (!match) throw new Error(`unreadable character class at ${characterClass.slice(at)}`);
    const first = parseInt(match[1] ?? match[2], 16);
    const last = match[3] || match[4] ? parseInt(match[3] ?? match[4], 16) : first;
    for (let point = first; point <= last; point += 1) found.add(point);
  }
  return found;
}

describe("invisible text-direction characters", () => {
  const override = "\u202E";

  it("are exactly the ones the table refuses, every one of Unicode's direction controls", () => {
    const server = serverBidiControls();
    expect(server.size).toBeGreaterThan(0);
    const browser = new Set<number>();
    const unicode = new Set<number>();
    for (let point = 0; point <= 0x10ffff; point += 1) {
      const char = String.fromCodePoint(point);
      if (withoutBidiControls(char) === "") browser.add(point);
      if (/\p{Bidi_Control}/u.test(char)) unicode.add(point);
    }
    expect([...browser]).toEqual([...server].sort((a, b) => a - b));
    expect(browser).toEqual(unicode);
  });

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
    // The Arabic letter mark too, which the table refuses as well.
    expect(fieldsWithBidiControls({ name: "Aoife\u061C", role: "r", email: null, phone: null })).toEqual(["name"]);
    expect(bidiControlsIn("Aoife\u061C")).toEqual(["U+061C"]);
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
  });

  it("leave a phone number as it is typed or pasted: what the field shows is what is saved", () => {
    // As an address book copies a number: wrapped in a left-to-right embedding, with a mark at the end.
    const pasted = { name: "Aoife", role: "Booker", email: "", phone: "\u202A+353 87 123 4567\u202C\u200E" };
    expect(typedDraft(pasted)).toEqual({ ...pasted, phone: "+353 87 123 4567" });
    expect(fieldsWithBidiControls(pasted)).toEqual([]);
    expect(contactFromDraft(pasted, "1")).toMatchObject({ phone: "+353 87 123 4567" });
    expect(updateFromDraft(pasted).phone).toBe("+353 87 123 4567");
    // Nothing else in the draft is touched: a name keeps what the person is shown and asked about.
    const named = { ...pasted, name: `Aoife${override}` };
    expect(typedDraft(named).name).toBe(named.name);
    const clean = { ...pasted, phone: "087" };
    expect(typedDraft(clean)).toBe(clean);
  });
});

describe("a field too long for the table", () => {
  /** A role pasted from an agency's signature: 236 characters, where the table takes 200. */
  const role = `Booking agent for Ireland and the UK, festivals ${"and more ".repeat(21)}`.trim();

  it("keeps a new contact from being added, and says how long it is, counted as the table counts", () => {
    const typed = { name: "Aoife", role, email: "", phone: "" };
    expect(contactFromDraft(typed, "1")).toBeNull();
    expect(addedTooLong(typed)).toEqual({ role: "at most 200 characters (this has 236)" });
    // An emoji is one character to the table, where a browser's maxLength counts two.
    const fiddles = { ...typed, name: "🎻".repeat(200), role: "Fiddler" };
    expect(addedTooLong(fiddles)).toEqual({});
    expect(contactFromDraft(fiddles, "1")).toMatchObject({ name: "🎻".repeat(200) });
    // What is added is trimmed, so spaces at the ends do not count.
    expect(addedTooLong({ ...typed, role: ` ${"r".repeat(200)} ` })).toEqual({});
    // Without a name nothing happens and nothing is said, however long the role.
    expect(addedTooLong({ ...typed, name: " " })).toEqual({});
  });

  it("is said of each field over its limit, as a save of an edited card would send it", () => {
    const edited = { name: "Aoife", role: "Booker", email: `${"a".repeat(310)}@example.ie`, phone: "0".repeat(51) };
    expect(savedTooLong(edited)).toEqual({
      email: "at most 320 characters (this has 321)",
      phone: "at most 50 characters (this has 51)",
    });
    expect(savedTooLong({ ...edited, email: "", phone: "087 123 4567" })).toEqual({});
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
  const raw = JSON.stringify([
    { id: "1", name: "Aoife", role: "Booker", email: "a@b.ie" },
    { id: 2, name: "Brian", role: "Press", phone: "01 234" },
    { name: "No id", role: "x" },
    "garbage",
  ]);

  it("migrates a phone number kept with direction characters without them, as if typed again", () => {
    const kept = JSON.stringify([{ id: "1", name: "Aoife", role: "Booker", phone: "\u2066087 123\u2069" }]);
    expect(parseLegacyContacts(kept).migratable[0].phone).toBe("087 123");
  });

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
