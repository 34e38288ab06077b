import { describe, expect, it } from "vitest";
import {
  MAX_CASELESS_SPAN,
  MAX_REGEX_COPIES,
  MAX_REGEX_DEPTH,
  MAX_REGEX_UNBOUNDED,
  MAX_REGEX_CONSTRAINTS,
  MAX_REGEX_SKIPPABLE,
  regexCost,
  regexDepth,
  regexRefusal,
} from "./regex-cost.mjs";

const regexCopies = (pattern: string) => regexCost(pattern).copies;

describe("a regular expression's compiled size", () => {
  it.each([
    ["\\.ie$", 4],
    ["^niamh", 6],
    ["^(niamh|seán){1,2}", 19],
    ["[[:alpha:]]+ [a-z]{2,3}", 6],
    ["(?:ab)*c?", 3],
    ["a{3}", 3],
    ["a{3,}", 4],
  ])("counts %s as %i copies of a character", (pattern, copies) => {
    expect(regexCopies(pattern)).toBe(copies);
  });

  it("multiplies nested counts, as the database expands them, past what a search needs", () => {
    expect(regexCopies("((.{0,50}){0,50}){0,50}z")).toBe(125_001);
    expect(regexCopies("(.{0,255}){0,255}")).toBe(65_025);
    expect(regexCopies("(.{0,255}){0,255}")).toBeGreaterThan(MAX_REGEX_COPIES);
    expect(regexCopies("x{0,99999999999999999999999999999}")).toBeGreaterThan(MAX_REGEX_COPIES);
  });

  it.each([
    ["\\.ie$", 0],
    ["^niamh.*\\.ie$", 1],
    ["(?:ab)*c+", 2],
    ["a{3,}b{2}", 1],
    ["(.*){0,20}", 20],
    ["(.*.*.*.*.*.*.*.*.*.*){0,99}", 990],
    ["((a+b*){0,10}){0,5}", 100],
  ])("counts %s as %i unbounded repetitions, counts expanded", (pattern, unbounded) => {
    expect(regexCost(pattern).unbounded).toBe(unbounded);
  });

  it("reads any text to its end, well formed or not", () => {
    for (const pattern of ["", "(", ")", "[", "\\", "{", "a{", "a{2,x}", "((((", "))))", "[[:", "a|", "|"]) {
      expect(Number.isFinite(regexCopies(pattern)), pattern).toBe(true);
    }
  });
});

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
    expect(spent).toEqual({ copies: 40, unbounded: 40, constraints: 0, skippable: 40 });
    expect(regexRefusal(pattern, spent)).toContain("too complex");
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

describe("the word boundaries of a pattern", () => {
  it.each([
    ["\\y".repeat(16), 16],
    ["(?:\\y)?".repeat(12), 12],
    ["(\\y|\\Y)".repeat(8), 16],
    ["\\y\\m".repeat(16), 32],
    ["[[:<:]]\\y".repeat(16), 32],
    ["(\\y.*){9}", 9],
    ["\\yniamh\\y", 2],
    ["[\\y][[:alpha:]]\\\\y", 0],
  ])("counts, in %s, %i", (pattern, constraints) => {
    expect(regexCost(pattern).constraints).toBe(constraints);
  });

  it("refuses more than a search needs, in one pattern or a request's: where they meet, their compiling grows steeply", () => {
    expect(regexRefusal("(?:\\y)?".repeat(12))).toContain("too complex");
    expect(regexRefusal("\\y".repeat(MAX_REGEX_CONSTRAINTS))).toBeNull();
    const spent = { copies: 0, unbounded: 0 };
    for (let asked = 0; asked < MAX_REGEX_CONSTRAINTS / 2; asked += 1) {
      expect(regexRefusal("\\yniamh\\y", spent)).toBeNull();
    }
    expect(regexRefusal("\\yniamh\\y", spent)).toContain("too complex");
  });
});

describe("the anchors and lookarounds of a pattern", () => {
  it.each([
    ["(?:^|$)?".repeat(12), 24],
    ["(?:^|(?!b))".repeat(16), 32],
    ["^niamh$", 2],
    ["\\Aniamh\\Z", 2],
    ["(?=a)(?<!b)c", 2],
    ["[$^]a", 0],
  ])("counts, in %s, %i", (pattern, constraints) => {
    expect(regexCost(pattern).constraints).toBe(constraints);
  });

  it("refuses as many as held every other request for seconds, with the word boundaries in the same count", () => {
    expect(regexRefusal("(?:^|$)?".repeat(12))).toContain("too complex");
    expect(regexRefusal("(?:^|(?!b))".repeat(16))).toContain("too complex");
    expect(regexRefusal("^\\yniamh\\y$")).toBeNull();
    expect(regexRefusal("^a$".repeat(5))).toContain("too complex");
  });
});

describe("the parts of a pattern the text may skip", () => {
  it.each([
    ["colou?r", 1],
    ["^niamh.*\\.ie$", 1],
    ["(j?){100}", 100],
    ["((j?){100}){10}", 1000],
    ["(ab?){10}", 10],
    ["(ab){0,10}", 20],
    ["(a|)b", 1],
    ["a+b{2}", 0],
  ])("counts, in %s, %i", (pattern, skippable) => {
    expect(regexCost(pattern).skippable).toBe(skippable);
  });

  it.each([
    "((j?){100}){10}",
    "((p?){20}){20}",
    "((q?){30}){30}",
    "((b?){200}){5}((b){200}){5}",
    "((c?){250}){4}((c?){250}){4}",
    "((l?){50}){10}",
  ])("refuses %s, whose compiling held every other request for up to a minute", (pattern) => {
    expect(regexRefusal(pattern)).toContain("too complex");
  });

  it("counts a request's patterns together, up to the limit and not past it", () => {
    expect(regexRefusal(`(j?){${MAX_REGEX_SKIPPABLE}}`)).toBeNull();
    expect(regexRefusal(`(j?){${MAX_REGEX_SKIPPABLE + 1}}`)).toContain("too complex");
    const spent = { copies: 0, unbounded: 0 };
    expect(regexRefusal(`(j?){${MAX_REGEX_SKIPPABLE / 2}}`, spent)).toBeNull();
    expect(regexRefusal(`(j?){${MAX_REGEX_SKIPPABLE / 2}}`, spent)).toBeNull();
    expect(regexRefusal("colou?r", spent)).toContain("too complex");
  });

  it("takes what a search needs: a few optional letters, a wildcard or two, counted runs that skip nothing", () => {
    for (const pattern of ["colou?r", "^ni(a|á)mh.*$", "\\d{4}-\\d{2}-\\d{2}", "[a-z]{2,5}", "foo|bar", "(ab?){10}"]) {
      expect(regexRefusal(pattern), pattern).toBeNull();
    }
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
