// How a field too long is told: counted as the database counts, said while typed and when the form is sent.
import { describe, expect, it } from "vitest";
import { lengthProblem, overLimitNote } from "./text-length.mjs";

describe("a field's length", () => {
  it("counts characters as the database does: an emoji is one", () => {
    expect(lengthProblem("🎸".repeat(20), 20)).toBeNull();
    expect(lengthProblem("🎸".repeat(21), 20)).toBe("at most 20 characters (this has 21)");
  });

  it("says while typing by how much what the form would send is over, spaces at its ends counted", () => {
    expect(overLimitNote(` ${"v".repeat(199)}`, 200)).toBeNull();
    expect(overLimitNote(` ${"v".repeat(200)} `, 200)).toBe("2 characters too many (at most 200)");
    expect(overLimitNote("v".repeat(201), 200)).toBe("1 character too many (at most 200)");
    expect(overLimitNote("v".repeat(236), 200)).toBe("36 characters too many (at most 200)");
  });
});
