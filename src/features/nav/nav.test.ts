import { describe, expect, it } from "vitest";
import { isCurrentLink, normalisePath } from "./nav";

describe("nav", () => {
  it("treats /bio, /bio/ and /bio.html as the same page", () => {
    expect(normalisePath("/bio/")).toBe("/bio");
    expect(normalisePath("/bio.html")).toBe("/bio");
    expect(normalisePath("/index.html")).toBe("/");
    expect(normalisePath("")).toBe("/");
  });

  it("marks only the link of the page being shown as current", () => {
    expect(isCurrentLink("/", "/")).toBe(true);
    expect(isCurrentLink("/", "/bio")).toBe(false);
    expect(isCurrentLink("/tour", "/tour/")).toBe(true);
    expect(isCurrentLink("/merch", "/tour")).toBe(false);
  });
});
