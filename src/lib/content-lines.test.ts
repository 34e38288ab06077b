import { describe, expect, it } from "vitest";
import { foldLine, joinContentLines } from "./content-lines";

const utf8 = new TextEncoder();

describe("folding a content line", () => {
  it("leaves a line of 75 octets alone and folds the 76th onto a line starting with a space", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75));
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`);
    expect(foldLine("x".repeat(75 + 74 + 1))).toBe(`${"x".repeat(75)}\r\n ${"x".repeat(74)}\r\n x`);
  });

  it("moves a multi-byte character whole onto the next line", () => {
    // 74 ASCII octets + "é" (2 octets) would be 76: the é goes to the next line.
    expect(foldLine(`${"a".repeat(74)}é`)).toBe(`${"a".repeat(74)}\r\n é`);
    expect(foldLine(`${"a".repeat(73)}🎻`)).toBe(`${"a".repeat(73)}\r\n 🎻`);
  });

  it("never splits a UTF-8 character, and unfolds to the original", () => {
    for (const line of ["SUMMARY:" + "é".repeat(80), "SUMMARY:" + "🎶".repeat(50), "X:" + "a€🎸".repeat(40)]) {
      const folded = foldLine(line);
      const physical = folded.split("\r\n");
      expect(physical.length).toBeGreaterThan(1);
      for (const [index, part] of physical.entries()) {
        expect(utf8.encode(part).length).toBeLessThanOrEqual(75);
        // A split character would show up as a lone surrogate or a replacement character.
        expect(part).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\uFFFD/);
        if (index > 0) expect(part.startsWith(" ")).toBe(true);
      }
      expect(folded.replace(/\r\n /g, "")).toBe(line);
    }
  });
});

describe("joining content lines", () => {
  it("folds each line and ends every line, the last too, with CRLF", () => {
    expect(joinContentLines(["BEGIN:VCARD", `NOTE:${"x".repeat(80)}`, "END:VCARD"])).toBe(
      `BEGIN:VCARD\r\nNOTE:${"x".repeat(70)}\r\n ${"x".repeat(10)}\r\nEND:VCARD\r\n`,
    );
  });
});
