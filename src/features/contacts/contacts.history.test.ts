import { describe, expect, it } from "vitest";
import type { Contact } from "./contacts";
import {
  fieldList,
  formatHistoryTime,
  historyEntries,
  sameValues,
  withNewestHistory,
  withOlderHistory,
  type ContactVersion,
} from "./contacts.history";

describe("a contact's history", () => {
  const version = (n: number, values: Partial<ContactVersion> = {}): ContactVersion => ({
    contactId: "c1",
    version: n,
    name: "Aoife",
    role: "Booker",
    email: null,
    phone: null,
    writtenAt: `2025-01-0${n}T09:00:00+00:00`,
    replacedAt: `2025-01-0${n + 1}T09:00:00+00:00`,
    ...values,
  });
  const current: Contact = { id: "c1", name: "Aoife", role: "Manager", email: "a@x.ie", phone: null, version: 3 };

  it("says which fields the change after each version replaced", () => {
    const older = version(1, { name: "Aoife N" });
    const newer = version(2, { email: null });
    expect(historyEntries(current, [older, newer])).toEqual([
      { version: newer, changed: ["role", "email"] },
      { version: older, changed: ["name"] },
    ]);
  });

  it("names the changed fields in words", () => {
    expect(fieldList(["role"])).toBe("Role");
    expect(fieldList(["role", "email"])).toBe("Role and Email");
    expect(fieldList(["name", "role", "phone"])).toBe("Name, Role and Phone");
  });

  it("knows when a version holds the values the card has now", () => {
    expect(sameValues(version(1, { role: "Manager", email: "a@x.ie" }), current)).toBe(true);
    expect(sameValues(version(1), current)).toBe(false);
  });

  it("adds older pages below the versions shown, and knows when none are left", () => {
    const page = (from: number, to: number, more: boolean) => ({
      versions: Array.from({ length: from - to + 1 }, (_, i) => version(from - i)),
      more,
    });
    const shown = withOlderHistory(page(120, 71, true), page(70, 21, true));
    expect(shown.versions.map((v) => v.version)).toEqual(Array.from({ length: 100 }, (_, i) => 120 - i));
    expect(shown.more).toBe(true);
    expect(withOlderHistory(shown, page(20, 1, false)).more).toBe(false);
  });

  it("keeps the older versions shown when the contact changes, unless more than a page came meanwhile", () => {
    const page = (from: number, to: number, more: boolean) => ({
      versions: Array.from({ length: from - to + 1 }, (_, i) => version(from - i)),
      more,
    });
    const shown = { versions: page(100, 1, false).versions, more: false };
    const after = withNewestHistory(shown, page(101, 52, true));
    expect(after.versions.map((v) => v.version)).toEqual(Array.from({ length: 101 }, (_, i) => 101 - i));
    expect(after.more).toBe(false);
    // 200 new versions meanwhile: the pages no longer meet, so the newest page starts again.
    expect(withNewestHistory(shown, page(300, 251, true))).toEqual(page(300, 251, true));
    expect(withNewestHistory(null, page(5, 1, false))).toEqual(page(5, 1, false));
  });

  it("shows times to the second, and an unreadable time as it is", () => {
    // In the machine's zone, whose offset may be a whole hour or not (India's, Nepal's): the seconds stay.
    expect(formatHistoryTime("2025-01-04T09:30:05Z")).toMatch(/^Jan \d, 2025, \d\d:\d\d:05$/);
    expect(formatHistoryTime("soon")).toBe("soon");
  });
});
