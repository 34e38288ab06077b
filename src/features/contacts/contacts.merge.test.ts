import { describe, expect, it } from "vitest";
import { draftFromContact, withContact } from "./contacts";
import { mergeEdits, takeTheirChanges, theirChangesKept } from "./contacts.merge";

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

  it("brings my draft up to date with their version: their change where I left a field alone, mine and the question kept", () => {
    // They changed the phone (I left it alone) and the e-mail (which I emptied); I changed the role.
    const theirs = { ...base, email: "aoife@new.example", phone: "087 123 4567" };
    const edit = { base, draft: { ...asOpened, role: "Agent", email: "" } };
    const caughtUp = takeTheirChanges(edit, theirs);
    expect(caughtUp).toEqual({
      base: { ...base, phone: "087 123 4567" },
      draft: { name: "Aoife", role: "Agent", email: "", phone: "087 123 4567" },
      taken: ["phone"],
    });
    // The form now shows what a save writes; only the e-mail is in question, and the phone is theirs.
    expect(mergeEdits(caughtUp.base, caughtUp.draft, theirs)).toEqual({
      merged: { name: "Aoife", role: "Agent", email: null, phone: "087 123 4567" },
      conflicts: ["email"],
      theirsKept: [],
    });
    expect(theirChangesKept(caughtUp.taken, caughtUp)).toEqual(["phone"]);
  });

  it("counts a field that took their value as mine once I type over it, and as theirs when they change it again", () => {
    const theirs = { ...base, phone: "087 123 4567" };
    const caughtUp = takeTheirChanges({ base, draft: asOpened }, theirs);
    const typedOver = { ...caughtUp, draft: { ...caughtUp.draft, phone: "01 234" } };
    expect(theirChangesKept(caughtUp.taken, typedOver)).toEqual([]);
    expect(mergeEdits(typedOver.base, typedOver.draft, theirs)).toMatchObject({ conflicts: [], theirsKept: [] });
    expect(mergeEdits(typedOver.base, typedOver.draft, theirs).merged.phone).toBe("01 234");
    // Left alone, a newer number of theirs replaces the one taken before, with nothing to ask.
    const newer = takeTheirChanges(caughtUp, { ...theirs, phone: "087 765 4321" });
    expect(newer).toMatchObject({ draft: { phone: "087 765 4321" }, taken: ["phone"] });
    expect(mergeEdits(newer.base, newer.draft, { ...theirs, phone: "087 765 4321" }).conflicts).toEqual([]);
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
