import { describe, expect, it } from "vitest";
import { draftFromShow } from "./calendar.details";
import { aShow } from "./calendar.fake";
import { clashesAt, followed, followingFrom } from "./calendar.meanwhile";

const clash = (theirs: string) => `changed meanwhile to “${theirs}” by someone else; save again to put yours instead`;

describe("a form's clashes at a teammate's newer version", () => {
  const v1 = draftFromShow(aShow("dublin-2027-07-10", "2027-01-01T10:00:00Z"));
  const typed = { ...v1, street: "28 Thomas Street", county: "" };
  const v2 = { ...v1, street: "1 Thomas Street", county: "Dublin" };
  const opened = { ...followingFrom(v1), typed };
  const first = clashesAt(opened, v2);
  // Said at a Save, which went through: v2 is the version the form follows.
  const said = { ...opened, was: v2, clashes: { problems: first.problems, held: {} } };

  it("says each field both changed to different things, and holds it", () => {
    expect(first.problems).toEqual({ street: clash("1 Thomas Street"), county: clash("Dublin") });
    expect(first.held).toEqual(first.problems);
    expect(clashesAt(opened, { ...v1, street: "" }).problems).toEqual({
      street: "emptied meanwhile by someone else; save again to put yours instead",
    });
  });

  it("keeps a clash said before while theirs stays, says their latest, and drops it once theirs is what is typed", () => {
    expect(clashesAt(said, { ...v2, town: "Cork" })).toEqual(said.clashes);
    const v3 = { ...v2, street: "28 Thomas Street", county: "Co. Dublin" };
    expect(clashesAt(said, v3)).toEqual({
      problems: { county: clash("Co. Dublin") },
      held: { county: clash("Co. Dublin") },
    });
  });

  it("never says a field of two values: typed and theirs both differ from what it held, so they are the same", () => {
    const form = { ...followingFrom({ kind: "ticket" }), typed: { kind: "venue" } };
    expect(clashesAt(form, { kind: "venue" })).toEqual({ problems: {}, held: {} });
    expect(clashesAt({ ...form, was: { kind: "venue" } }, { kind: "ticket" })).toEqual({ problems: {}, held: {} });
  });
});

describe("a form following a teammate's versions", () => {
  const opened = followingFrom({ url: "https://tickets.example/a", kind: "ticket" });
  const typed = { ...opened, typed: { url: "https://tickets.example/mine", kind: "ticket" } };

  it("takes theirs where nothing is typed, and keeps what is typed", () => {
    const after = followed(typed, { url: "https://tickets.example/b", kind: "venue" });
    expect(after.typed).toEqual({ url: "https://tickets.example/mine", kind: "venue" });
    expect(after.clashes.problems).toEqual({ url: clash("https://tickets.example/b") });
  });

  it("keeps what is typed once a version says the same, and says theirs when the next says otherwise", () => {
    const same = followed(typed, { url: "https://tickets.example/mine", kind: "ticket" });
    expect(same.clashes.problems).toEqual({});
    const other = followed(same, { url: "https://tickets.example/b", kind: "ticket" });
    expect(other.typed.url).toBe("https://tickets.example/mine");
    expect(other.clashes).toEqual({
      problems: { url: clash("https://tickets.example/b") },
      held: { url: clash("https://tickets.example/b") },
    });
    // Back to what the form was opened with: only the person changed it, whichever versions were read.
    const back = followed(other, opened.typed);
    expect(back.typed.url).toBe("https://tickets.example/mine");
    expect(back.clashes).toEqual({ problems: {}, held: {} });
    expect(followed(same, opened.typed)).toEqual(followed(typed, opened.typed));
  });

  it("follows theirs again in a field typed back to what it was", () => {
    const typedBack = { ...typed, typed: opened.typed };
    expect(followed(typedBack, { url: "https://tickets.example/b", kind: "ticket" }).typed.url).toBe(
      "https://tickets.example/b",
    );
  });
});
