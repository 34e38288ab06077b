/** The regular expressions the embedded engine is not given, and those a person's search needs, that it is. */
import { describe, expect, it } from "vitest";
import { regexCost } from "./regex-cost.mjs";
import { regexDepth } from "./regex-brackets.mjs";
import { distinct, TOO_COMPLEX, WHY } from "./regex-patterns";
import {
  MAX_CASELESS_SPAN,
  MAX_REGEX_COLORS,
  MAX_REGEX_CONSTRAINTS,
  MAX_REGEX_DEPTH,
  MAX_REGEX_UNBOUNDED,
  regexRefusal,
} from "./regex-refusal.mjs";

describe("the patterns the embedded engine is not given", () => {
  it.each([
    ["(?x)((.{0, 50}){0, 50}){0, 50}z", "options"],
    ["(?b)\\(\\(.\\{0,50\\}\\)\\{0,50\\}\\)\\{0,50\\}z", "options"],
    ["***:(?x)(a{0, 99999})", "options"],
    ["***:a", "options"],
    ["^(.*)(.*)(.*)\\3\\2\\1$", "back-references"],
    ["(a)\\9", "back-references"],
    ["((.{0,50}){0,50}){0,50}z", "too complex"],
    [`${"(".repeat(3000)}a${")".repeat(3000)}`, "too complex"],
    [`${"(".repeat(MAX_REGEX_DEPTH + 1)}a`, "too complex"],
    // Unbounded repetitions that took the compiler from 0.2 s to over 6 s, each a few dozen characters.
    ["(.*.*.*.*.*.*.*.*.*.*){0,99}", "too complex"],
    ["(.*.*.*.*.*.*.*.*.*.*){0,40}", "too complex"],
    [".*".repeat(MAX_REGEX_UNBOUNDED + 1), "too complex"],
  ])("refuses %s (%s)", (pattern, why) => {
    expect(regexRefusal(pattern)).toContain(why);
  });

  it("measures groups nested past any count's recursion, escapes aside, without running out of stack", () => {
    expect(regexDepth("^(niamh|(seán)){1,2}")).toBe(2);
    expect(regexDepth("\\(\\(\\(a")).toBe(0);
    // A `)` in a bracket expression closes no group, nor does a `(` in one open any.
    expect(regexDepth("((a[)])b)")).toBe(2);
    expect(regexDepth("[(][(]a")).toBe(0);
    expect(regexDepth("[[:alpha:])](a)")).toBe(1);
    const disguised = `${"(".repeat(32)}[${")".repeat(32)}]`.repeat(100) + "a" + ")".repeat(3200);
    expect(regexDepth(disguised)).toBe(3200);
    expect(regexRefusal(disguised)).toContain("too complex");
    expect(regexDepth(`${"(".repeat(100_000)}a${")".repeat(100_000)}`)).toBe(100_000);
    expect(regexRefusal(`${"(?:".repeat(10_000)}a`)).toContain("too complex");
  });

  it("counts a request's patterns together, so that many small ones cost no more than one large", () => {
    const spent = { copies: 0, unbounded: 0 };
    const pattern = "(.*.*.*.*.*){0,4}";
    expect(regexRefusal(pattern, spent)).toBeNull();
    expect(regexRefusal(pattern, spent)).toBeNull();
    expect(spent).toMatchObject({ copies: 40, unbounded: 40, constraints: 0 });
    expect(regexRefusal(pattern, spent)).toBe(
      `${TOO_COMPLEX}it repeats without bound (*, +, {m,}) more than 50 times, with the request's other patterns`,
    );
    // Each alone is given to the database.
    expect(regexRefusal(pattern)).toBeNull();
  });

  it.each([
    `${"(".repeat(MAX_REGEX_DEPTH)}a${")".repeat(MAX_REGEX_DEPTH)}`,
    ".*".repeat(MAX_REGEX_UNBOUNDED),
    "^niamh.*@.*\\.ie$",
    "\\.ie$",
    "^(niamh|seán){1,2}",
    "(?:ab)*c?",
    "a\\\\1",
    "***=(?x)\\1",
    "x(?x)",
    "\\d{3}-\\d{4}",
  ])("gives %s to the database", (pattern) => {
    expect(regexRefusal(pattern)).toBeNull();
  });
});

describe("the constraints of a pattern", () => {
  it.each([
    ["\\y".repeat(16), 16],
    ["(?:\\y)?".repeat(12), 12],
    ["(\\y|\\Y)".repeat(8), 16],
    ["\\y\\m".repeat(16), 32],
    ["[[:<:]]\\y".repeat(16), 32],
    ["(\\y.*){9}", 9],
    ["\\yniamh\\y", 2],
    ["[\\y][[:alpha:]]\\\\y", 0],
    ["^niamh$", 2],
    ["\\Aniamh\\Z", 2],
    ["(?=.*niamh)(?!.*\\.com$)", 3],
    ["(?<=@)venue(?<!x)", 2],
    ["[$^]\\$\\^", 0],
    ["(?:^|$)?".repeat(12), 24],
    ["(?:^|(?!b))".repeat(16), 32],
  ])("counts, in %s, %i", (pattern, constraints) => {
    expect(regexCost(pattern).constraints).toBe(constraints);
  });

  it.each([
    // 12 held every request for 10.7 s, 14 for 154 s; 16 of the second made the embedded engine ask for 1 GB.
    "(?:^|$)?".repeat(12),
    "(?:^|$)?".repeat(14),
    "(?:^|(?!b))".repeat(16),
    "(?:\\y)?".repeat(12),
    "\\ya".repeat(MAX_REGEX_CONSTRAINTS + 1),
  ])("refuses %s: more than a search needs", (pattern) => {
    expect(regexRefusal(pattern)).toBe(
      `${TOO_COMPLEX}it has more than ${MAX_REGEX_CONSTRAINTS} anchors, word boundaries and lookarounds (^, $, \\y, (?=…)…)`,
    );
  });

  it("gives the database as many as a search needs, in one pattern, and refuses them past that in a request's", () => {
    expect(regexRefusal("\\ya".repeat(MAX_REGEX_CONSTRAINTS))).toBeNull();
    expect(regexRefusal("^(?:niamh|seán)$|^\\yaoife\\y")).toBeNull();
    const spent = { copies: 0, unbounded: 0 };
    for (let asked = 0; asked < MAX_REGEX_CONSTRAINTS / 2; asked += 1) {
      expect(regexRefusal("\\yniamh\\y", spent)).toBeNull();
    }
    expect(regexRefusal("\\yniamh\\y", spent)).toContain(`${WHY.constraints} (^, $, \\y, (?=…)…), with the request's`);
  });

  it("weighs those that can meet by each other: side by side, eight compile ever more slowly", () => {
    // Apart, each meets none of the others; side by side or optional, each doubles what the others cost.
    expect(regexRefusal("\\y".repeat(MAX_REGEX_CONSTRAINTS))).toContain(WHY.skips);
    expect(regexRefusal("(?:\\y)?".repeat(MAX_REGEX_CONSTRAINTS))).toContain(WHY.skips);
    // Eight took 72 ms to compile, ten between characters that can be left out 0.39 s.
    expect(regexRefusal("(?:\\y|.{0,20})".repeat(MAX_REGEX_CONSTRAINTS))).toContain(WHY.skips);
    expect(regexCost("\\y\\y").skips).toBeGreaterThan(2 * regexCost("\\ya\\y").skips);
    // In branches side by side, no path passes two.
    expect(regexRefusal("\\yniamh\\y|\\yseán\\y|\\yaoife\\y|\\yciara\\y")).toBeNull();
  });

  it("weighs a word boundary by the colors it reads, beside many distinct characters", () => {
    // 0.1 s to compile, with no more constraints than a search has.
    const looped = `(?:\\s\\Y([[:punct:]]|)*)*${distinct(85)}`;
    expect(regexCost(looped).colors).toBeLessThan(MAX_REGEX_COLORS);
    expect(regexRefusal(looped)).toContain(WHY.skips);
    expect(regexCost(`\\y${distinct(100)}`).skips).toBeGreaterThan(4 * regexCost(`\\y${distinct(10)}`).skips);
    expect(regexRefusal(`\\y${distinct(100)}\\y`)).toBeNull();
  });
});

describe("the searches a person types", () => {
  it.each([
    "niamh",
    "^abc",
    "foo|bar",
    "[a-z]{2,5}",
    "\\d{4}-\\d{2}",
    "^\\d{4}-\\d{2}-\\d{2}$",
    "\\yniamh\\y",
    "\\m(niamh|seán)\\M",
    "^\\s*(\\w+\\s*){1,5}$",
    "^[a-z0-9._%+-]+@[a-z0-9.-]+\\.[a-z]{2,}$",
    "[\\w.+-]+@[\\w-]+\\.[a-z]{2,}",
    "^(\\+353|0)\\d{9}$",
    "(?:^|,)folk(?:,|$)",
    "(?:^|\\s)#\\w+",
    "(?=.*niamh)(?=.*\\.ie$)",
    "^.{0,100}$",
    ".{0,255}",
    "^[^@]+@[^@]+$",
    "ceol agus craic",
    "音乐会门票",
  ])("gives %s to the database, either way case counts", (pattern) => {
    expect(regexRefusal(pattern)).toBeNull();
    expect(regexRefusal(pattern, undefined, { caseless: true })).toBeNull();
  });
});

describe("the ranges of a pattern where case does not count", () => {
  const WIDE = "[\\u0001-\\U0010ffff]";
  it.each([
    ["[a-z]", 26],
    ["[^a-z0-9]", 36],
    ["[a-zà-ÿ]{0,50}", 58],
    [WIDE, 0x10ffff],
    ["[\\x41-\\x5a]", 26],
    ["[[.a.]-[.c.]]", 3],
    ["[[:alpha:]][-a][a-]", 0],
    // Ranges written in the other ways the database reads: escapes by a letter, by a control letter, by octal NUL,
    // \\x with any number of digits, an escaped ], and a collating element named by a word (counted as all of Unicode).
    ["[\\t-~]", 118],
    ["[\\ca-\\cz]", 26],
    ["[\\0-\\x7f]", 128],
    ["[\\a-\\U0010ffff]", 0x10ffff - 6],
    ["[\\]-\\U0010ffff]", 0x10ffff - 92],
    ["[\\x1-\\x000010ffff]", 0x10ffff],
    ["[[.NUL.]-\\U0010ffff]", 0x10ffff],
    ["[\\d-z]", 0x10ffff],
    ["niamh|(se[aá]n)", 0],
  ])("spans, in %s, %i characters", (pattern, span) => {
    expect(regexCost(pattern).span).toBe(span);
  });

  it("refuses one that spans past what a search needs, in one pattern or a request's, and gives it case-sensitive", () => {
    expect(regexRefusal(WIDE, undefined, { caseless: true })).toContain("too complex");
    // 580 of them held the backend for 20 s; case-sensitive, they compile at once.
    expect(regexRefusal(WIDE.repeat(580), undefined, { caseless: true })).toContain("too complex");
    expect(regexRefusal(WIDE.repeat(580))).toBeNull();
    for (const written of ["[\\a-\\U0010ffff]", "[[.NUL.]-\\U0010ffff]", "[\\]-\\U0010ffff]", "[\\x1-\\x000010ffff]"]) {
      expect(regexRefusal(written, undefined, { caseless: true }), written).toContain("too complex");
    }
    expect(regexRefusal("^[a-zà-ÿ' -]+$", undefined, { caseless: true })).toBeNull();
    const spent = { copies: 0, unbounded: 0 };
    const page = "[\\u0001-\\uffff]";
    const pages = Math.floor(MAX_CASELESS_SPAN / 0xffff);
    for (let index = 0; index < pages; index += 1) {
      expect(regexRefusal(page, spent, { caseless: true })).toBeNull();
    }
    expect(regexRefusal(page, spent, { caseless: true })).toContain("too complex");
  });
});
