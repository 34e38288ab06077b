import { describe, expect, it } from "vitest";
import {
  MAX_CASELESS_SPAN,
  MAX_REGEX_CHECKS,
  MAX_REGEX_COLORS,
  MAX_REGEX_CONSTRAINTS,
  MAX_REGEX_COPIES,
  MAX_REGEX_DEPTH,
  MAX_REGEX_SKIPS,
  MAX_REGEX_UNBOUNDED,
  regexCost,
  regexDepth,
  regexRefusal,
} from "./regex-cost.mjs";

const regexCopies = (pattern: string) => regexCost(pattern).copies;

/** `count` distinct characters no other part of a pattern names (CJK ideographs, three apart). */
const distinct = (count: number) =>
  Array.from({ length: count }, (_, index) => String.fromCodePoint(0x4e00 + index * 3)).join("");

/** What a pattern is refused for: PostgreSQL's message, then why. */
const TOO_COMPLEX = "invalid regular expression: regular expression is too complex: ";
const WHY = {
  constraints: "anchors, word boundaries and lookarounds",
  skips: "parts that can match nothing, in a row or repeated",
  colors: `tells apart more than ${MAX_REGEX_COLORS} sets of characters`,
  checks: "repeats bracket expressions or classes",
};

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

describe("the parts of a pattern that can match nothing", () => {
  it.each([
    ["niamh", 0],
    ["p?", 1],
    ["p?".repeat(10), 100],
    ["p?".repeat(100), 10_000],
    // An empty branch, a group of an optional part, or an empty group, as an optional part.
    ["(?:p|)".repeat(100), 10_000],
    ["(p?)".repeat(100), 10_000],
    ["()".repeat(100), 10_000],
    // Parts that must match close the run: a hundred runs of one.
    ["p?x".repeat(100), 100],
    // One state skips to each of a count's optional copies, so they cost as many, not their square.
    ["p{0,100}", 100],
  ])("counts %s as %i skips", (pattern, skips) => {
    expect(regexCost(pattern).skips).toBe(skips);
  });

  it("weighs the copies a count makes of what can match nothing more than as many written out, and nested counts more again", () => {
    const written = regexCost("p?".repeat(100)).skips;
    expect(regexCost("(?:p?){100}").skips).toBeGreaterThan(4 * written);
    expect(regexCost("(?:(?:p?){10}){10}").skips).toBeGreaterThan(regexCost("(?:p?){100}").skips);
    expect(regexCost("(?:p?p?p?p?p?p?p?p?p?p?)*").skips).toBeGreaterThan(regexCost("p?".repeat(10)).skips);
  });

  it.each([
    // Each took seconds to a minute to compile, with every other request waiting: the nested counts one GET of
    // the published shows asked for.
    "((j?){100}){10}",
    "((p?){20}){20}",
    "((l?){50}){10}",
    "((q?){30}){30}",
    "((b?){200}){5}((b){200}){5}",
    "((c?){250}){4}((c?){250}){4}",
    // Optional parts written out: 1,000 took 2.4 s.
    "p?".repeat(1000),
    "(?:p|)".repeat(500),
    // Word boundaries where many states meet: 42 ms, 0.11 s, and several seconds where case does not count.
    "\\y(?:p{0,24}q){0,24}\\y",
    "(?:(?:p{0,24}q){0,24}|\\y)*",
    "(?:(?:[^x]{0,12}[^x]|\\d){0,24}|\\y)*",
  ])("refuses %s", (pattern) => {
    expect(regexRefusal(pattern)).toBe(`${TOO_COMPLEX}it has too many ${WHY.skips} (x?, x*, x{0,n}, (a|), ^, \\y…)`);
  });

  it("counts the arcs of the widest character into each state, where case does not count too", () => {
    // A class or a bracket expression holding many colors: 0.44 s, and 0.6 s where case does not count.
    expect(regexRefusal("[a-z]?".repeat(100))).toBeNull();
    expect(regexRefusal(`${"[a-z]?".repeat(100)}abcdefghijklmnopqrstuvwxyz`)).toContain(WHY.skips);
    const mixed = "(?:(?:q\\sp\\d\\w)|\\w|[a-z])?".repeat(100);
    expect(regexRefusal(mixed, undefined, { caseless: true })).toContain(WHY.skips);
    expect(regexCost("[a-z]?".repeat(10), { caseless: true }).skips).toBeGreaterThan(
      regexCost("[a-z]?".repeat(10)).skips,
    );
  });

  it("gives the database up to the limit, in one pattern, and refuses past it in a request's", () => {
    const most = Math.floor(Math.sqrt(MAX_REGEX_SKIPS));
    expect(regexRefusal("p?".repeat(most))).toBeNull();
    expect(regexRefusal("p?".repeat(most + 1))).toContain(WHY.skips);
    const spent = { copies: 0, unbounded: 0 };
    // More than half the limit each.
    const half = "p?".repeat(Math.ceil(most / Math.SQRT2) + 1);
    expect(regexRefusal(half, spent)).toBeNull();
    expect(regexRefusal(half, spent)).toContain(`${WHY.skips} (x?, x*, x{0,n}, (a|), ^, \\y…), with the request's`);
  });
});

describe("the colors a pattern sorts characters into", () => {
  it.each([
    ["", 1],
    ["niamh", 9],
    ["[a-z]", 3],
    ["[a-z]+@x", 7],
    ["一七", 5],
    // Written as escapes, the same characters.
    ["\\u4e00\\u4e03", 5],
    ["[一-七]", 3],
    // A class, and the word characters a word boundary reads, as many as a class's own tables split.
    ["\\w", 17],
    ["\\w\\W", 17],
    ["\\w\\s", 33],
    ["\\yniamh\\y", 25],
  ])("counts, in %s, %i", (pattern, colors) => {
    expect(regexCost(pattern).colors).toBe(colors);
  });

  it("refuses a pattern telling apart more sets of characters than a search does, which word boundaries read slowly", () => {
    // Two word boundaries beside 200 distinct characters took 0.17 s to compile, eight 10.5 s.
    expect(regexRefusal(`x\\y\\yy${distinct(200)}`)).toBe(`${TOO_COMPLEX}it ${WHY.colors}`);
    expect(regexRefusal(`x${"\\y".repeat(8)}y${distinct(200)}`)).toBe(`${TOO_COMPLEX}it ${WHY.colors}`);
    // One before and after 2,000 took 0.42 s; 1,000 [^x] beside 1,000, 23 s.
    expect(regexRefusal(`\\y${distinct(2000)}\\y`)).toContain(WHY.colors);
    expect(regexRefusal(`${"[^x]".repeat(1000)}${distinct(1000)}`)).toContain(WHY.colors);
    expect(regexRefusal(distinct(MAX_REGEX_COLORS / 2 - 1))).toBeNull();
    expect(regexRefusal("ceol agus craic: 音乐会门票")).toBeNull();
  });

  it("refuses bracket expressions and classes repeated past what their colors' checks allow", () => {
    // 2,000 [^x] beside 120 distinct characters took 0.5 s to compile, 2,000 \w 0.1 s.
    expect(regexRefusal(`${"[^x]".repeat(1500)}${distinct(120)}`)).toContain(WHY.checks);
    expect(regexRefusal("\\w".repeat(1000))).toBe(
      `${TOO_COMPLEX}it repeats bracket expressions or classes (\\w, [^…]) too often for the characters it names`,
    );
    expect(regexCost(`${"[^x]".repeat(10)}${distinct(10)}`).checks).toBe(10 * 23 ** 2 + 10);
    expect(regexRefusal("\\w{255}")).toBeNull();
    expect(regexRefusal("[^x]".repeat(MAX_REGEX_COPIES))).toBeNull();
    expect(regexCost("[a-z]".repeat(MAX_REGEX_COPIES)).checks).toBeLessThan(MAX_REGEX_CHECKS);
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
