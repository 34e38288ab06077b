import { describe, expect, it } from "vitest";
import { createFollowingForms } from "./calendar.following.store";

const clash = (theirs: string) => `changed meanwhile to “${theirs}” by someone else; save again to put yours instead`;
const key = "link-dublin";
const shown = { url: "https://tickets.example/dublin", kind: "ticket" };
const typed = { url: "https://tickets.example/dublin-late-show", kind: "ticket" };

/** A ticket link form with a new link typed over the show's version 1. */
function typedLink() {
  const forms = createFollowingForms();
  forms.type(key, shown, 1, typed);
  return forms;
}

describe("a show's typed change forms", () => {
  it("keep what is typed over the versions missed while no panel showed them, taking theirs elsewhere", () => {
    const forms = typedLink();
    forms.follow(key, { url: "https://tickets.example/b", kind: "venue" }, 3);
    expect(forms.$forms.get()[key]).toMatchObject({
      typed: { url: typed.url, kind: "venue" },
      version: 3,
      clashes: { problems: { url: clash("https://tickets.example/b") } },
    });
  });

  it("hold a save once for what was said beside a field, then let the next go through", () => {
    const forms = typedLink();
    expect(forms.holds(key)).toBe(false);
    forms.follow(key, { ...shown, url: "https://tickets.example/b" }, 2);
    expect(forms.holds(key)).toBe(true);
    expect(forms.holds(key)).toBe(false);
    expect(forms.$forms.get()[key]?.clashes.problems).toEqual({ url: clash("https://tickets.example/b") });
  });

  it("forget a form once what was typed is saved, and keep what was typed while the save was on its way", async () => {
    const forms = typedLink();
    await forms.save(key, typed, typed, async () => true);
    expect(forms.$forms.get()[key]).toBeUndefined();

    forms.type(key, shown, 1, typed);
    const more = { ...typed, url: `${typed.url}-2` };
    await forms.save(key, typed, typed, async () => {
      forms.type(key, shown, 1, more);
      return true;
    });
    // Version 2, the one saved here, comes: nothing is said of it, and what was typed since stays.
    forms.follow(key, typed, 2);
    expect(forms.$forms.get()[key]).toMatchObject({ typed: more, version: 2, clashes: { problems: {}, held: {} } });
  });

  it("keep a link typed back to the show's while its save is on its way, though the version saved is read first", async () => {
    const forms = typedLink();
    await forms.save(key, typed, typed, async () => {
      forms.type(key, shown, 1, shown);
      forms.follow(key, typed, 2);
      expect(forms.$forms.get()[key]?.typed).toEqual(shown);
      return true;
    });
    expect(forms.$forms.get()[key]).toMatchObject({ typed: shown, version: 2, clashes: { problems: {}, held: {} } });
    // Saved as it stands, the link typed back is what the next save writes; a teammate's version leaves it alone.
    forms.follow(key, { ...typed, kind: "venue" }, 3);
    expect(forms.$forms.get()[key]?.typed).toEqual({ ...shown, kind: "venue" });
  });

  it("keep a link typed, and say a teammate's next one, when a teammate saved the same link before the save was refused", async () => {
    const forms = typedLink();
    await forms.save(key, typed, typed, async () => {
      forms.follow(key, typed, 2);
      forms.follow(key, { ...typed, url: "https://tickets.example/b" }, 3);
      return false;
    });
    expect(forms.$forms.get()[key]).toMatchObject({
      typed,
      version: 3,
      clashes: { problems: { url: clash("https://tickets.example/b") } },
    });
  });

  it("follow a teammate again in a link typed back to the show's, once a save read as written is refused", async () => {
    const forms = typedLink();
    // Typed back while the save was on its way; a version with the link sent, then the save refused: it was a
    // teammate's, and the link typed back is the one the show had, the person's no more.
    await forms.save(key, typed, typed, async () => {
      forms.type(key, shown, 1, shown);
      forms.follow(key, typed, 2);
      expect(forms.$forms.get()[key]?.typed).toEqual(shown);
      return false;
    });
    forms.follow(key, { ...typed, url: "https://tickets.example/b" }, 3);
    expect(forms.$forms.get()[key]).toMatchObject({
      typed: { ...shown, url: "https://tickets.example/b" },
      clashes: { problems: {} },
    });
  });
});
