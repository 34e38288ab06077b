/** What a regular expression compiles to, counted as the database compiles it. */
import { describe, expect, it } from "vitest";
import { regexCost } from "./regex-cost.mjs";
import { distinct, TOO_COMPLEX, WHY } from "./regex-patterns";
import {
  MAX_REGEX_CHECKS,
  MAX_REGEX_COLORS,
  MAX_REGEX_COPIES,
  MAX_REGEX_SKIPS,
  regexRefusal,
} from "./regex-refusal.mjs";

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
