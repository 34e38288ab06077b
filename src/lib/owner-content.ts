/**
 * The files the site's owner edits (src/content/*.yaml and *.md), read and checked so that a mistake
 * stops the build with a message a person can act on: the file, the line, the entry and the field, and
 * what is wrong with it in plain words. The collections in src/content.config.ts load through these
 * loaders; the browser tests and astro.config.mjs read the same files with `readContentFile`, checked
 * the same way.
 *
 * YAML is read with the core schema, so a date stays the text the owner typed: the check can then
 * insist on a time zone, which a YAML timestamp without one would silently read as UTC.
 */
import { readFileSync } from "node:fs";
import { AstroError } from "astro/errors";
import { file, glob, type Loader } from "astro/loaders";
import { z } from "astro/zod";
import yaml from "js-yaml";
import { ordinal } from "./dates";

/** Where an entry's problems are reported: the file, and what one entry is called in it ("date"). */
export type ContentFile = {
  /** Relative to the project, as the owner sees it: src/content/tour.yaml. */
  path: string;
  /** What one entry of a list is called; none for a file that is a single entry. */
  entryName?: string;
};

/** How a file becomes entries: each with its id and the fields to check. */
type Entries = (document: unknown) => { id: string; data: unknown }[];

/** An entry id: what a URL, a calendar file's name and a page anchor can carry as it is. */
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const typeWords: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  object: "a group of fields",
  array: "a list",
};

/** A value as the owner typed it, for a message: text in quotes, a number as it is. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return "empty";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return Array.isArray(value) ? "a list" : "a group of fields";
}

/** Zod's findings in the owner's words. */
const ownerErrorMap: z.ZodErrorMap = (issue, context) => {
  const value = shown(context.data);
  switch (issue.code) {
    case "invalid_type":
      if (issue.received === "undefined") return { message: "missing" };
      if (issue.expected === "string" && (issue.received === "number" || issue.received === "boolean")) {
        return { message: `should be text, not ${value}: put it in quotes ("${value}")` };
      }
      return { message: `should be ${typeWords[issue.expected] ?? issue.expected}, not ${value}` };
    case "invalid_enum_value":
      return { message: `${value} is not one of: ${issue.options.join(", ")}` };
    case "invalid_string":
      if (issue.validation === "url") return { message: `${value} is not a web address: write it whole, https://…` };
      if (issue.validation === "email") return { message: `${value} is not an e-mail address` };
      return { message: `${value} is not written as expected` };
    case "too_small":
      return { message: issue.type === "string" ? "is empty" : `needs at least ${issue.minimum}` };
    case "unrecognized_keys":
      return { message: `has no field ${issue.keys.map((key) => `"${key}"`).join(", ")} (a typo?)` };
    default:
      return { message: issue.message ?? context.defaultError };
  }
};

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const HOW_TO_WRITE =
  "write year-month-day, T, the time and the offset, like 2027-03-12T20:00:00+00:00 (+01:00 in Irish summer " +
  "time), or end it with Z for UTC";

const monthName = new Intl.DateTimeFormat("en-IE", { month: "long", timeZone: "UTC" });

/**
 * What is wrong with `text` as a date and time, in the owner's words, or undefined when it is an ISO 8601
 * date and time with a time zone that names a day and a time that exist. Written the right way but naming
 * a day that is not in the calendar, it says so ("February 2027 has no 30th") rather than repeating how to
 * write a date, which the owner did.
 */
export function dateTimeProblem(text: string): string | undefined {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return `${shown(text)} is not a date and time with its time zone: ${HOW_TO_WRITE}`;
  const [year, month, day, hour, minute, second = 0] = match.slice(1, 7).map((part) => (part ? Number(part) : 0));
  if (month < 1 || month > 12) return `${shown(text)} has no month ${match[2]}: the months are 01 to 12`;
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) {
    const name = `${monthName.format(new Date(Date.UTC(2000, month - 1, 1)))} ${year}`;
    const leap = month === 2 && day === 29 ? ` (${year} is not a leap year)` : "";
    return `${shown(text)} is a day that does not exist: ${name} has no ${day === 0 ? "day 0" : ordinal(day)}${leap}`;
  }
  if (hour > 23 || minute > 59 || second > 59) {
    return `${shown(text)} has no time ${text.slice(11, match[6] ? 19 : 16)}: the day's times are 00:00 to 23:59`;
  }
  return undefined;
}

/** A date and time as the content writes it: ISO 8601 with the time zone, kept as the text typed. */
export const zonedDateTime = z.string().superRefine((text, context) => {
  const problem = dateTimeProblem(text);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

/** "venue.name" → "venue.name"; a list position is counted from 1, as a person does: "genres item 2". */
function fieldName(path: (string | number)[]): string {
  return path
    .map((part, index) => (typeof part === "number" ? ` item ${part + 1}` : `${index ? "." : ""}${part}`))
    .join("");
}

/** `text` matched literally inside a regular expression. */
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The line a field is on, found the way a person would: the entry's `id:` line, then each key of the
 * path in turn below it. Where the field is missing, the line of the nearest part that is there.
 */
function lineOf(text: string, id: string | undefined, path: (string | number)[]): number | undefined {
  const lines = text.split("\n");
  let [at, end] = [0, lines.length];
  if (id !== undefined) {
    const idLine = lines.findIndex((line) =>
      new RegExp(`^\\s*(?:- )?id:\\s*["']?${literally(id)}["']?\\s*(#.*)?$`).test(line),
    );
    if (idLine < 0) return undefined;
    // The entry ends where the next item of the same list starts.
    const dash = lines[idLine].indexOf("-");
    const next = lines.findIndex(
      (line, index) => index > idLine && line.indexOf("- ") === dash && !line.trim().startsWith("#"),
    );
    [at, end] = [idLine, next < 0 ? lines.length : next];
  }
  for (const key of path.filter((part): part is string => typeof part === "string")) {
    const found = lines.findIndex(
      (line, index) => index >= at && index < end && new RegExp(`^\\s*(?:- )?["']?${literally(key)}["']?:`).test(line),
    );
    if (found < 0) break;
    at = found;
  }
  return at + 1;
}

/** One sentence per problem: file, line, entry and field, then what is wrong. */
function describeProblem(
  where: ContentFile,
  text: string,
  entry: string | undefined,
  path: (string | number)[],
  message: string,
): string {
  const line = lineOf(text, entry, path);
  return [
    where.path,
    ...(line === undefined ? [] : [`line ${line}`]),
    ...(where.entryName && entry !== undefined ? [`${where.entryName} "${entry}"`] : []),
    `field ${fieldName(path)}: ${message}`,
  ].join(", ");
}

/** Every problem `schema` finds in one entry, each as a sentence. */
function entryProblems(
  where: ContentFile,
  text: string,
  entry: { id: string; data: unknown },
  schema: z.ZodTypeAny,
): string[] {
  const result = schema.safeParse(entry.data, { errorMap: ownerErrorMap });
  if (result.success) return [];
  const listed = where.entryName ? entry.id : undefined;
  return result.error.issues.flatMap((issue) =>
    issue.code === "unrecognized_keys"
      ? issue.keys.map((key) =>
          describeProblem(where, text, listed, [...issue.path, key], "is not a field here (a typo?)"),
        )
      : [describeProblem(where, text, listed, issue.path, issue.message)],
  );
}

/** The error that stops the build: every problem, one per line, and what to do. */
function contentError(problems: readonly string[]): Error {
  const count = problems.length === 1 ? "a mistake" : `${problems.length} mistakes`;
  const error = new AstroError(
    `The site's content has ${count}, so the site was not built:\n${problems.map((problem) => `  ${problem}`).join("\n")}`,
    "Correct the field named in the file named (on GitHub: open the file, the pencil icon, then commit) and build again.",
  );
  // Astro prints an error's stack trace under its message and hint; this one's would point into the
  // loader, not at the owner's file and line, which the message names.
  error.stack = "";
  return error;
}

/** YAML as the owner typed it: dates stay text. A syntax error becomes a problem with its line. */
function parseYaml(where: ContentFile, text: string): { document?: unknown; problem?: string } {
  try {
    return { document: yaml.load(text, { schema: yaml.CORE_SCHEMA }) };
  } catch (error) {
    const { mark, reason } = error as yaml.YAMLException;
    const line = mark ? `, line ${mark.line + 1}` : "";
    return {
      problem: `${where.path}${line}: this is not valid YAML (${reason}); check the indentation and the colons`,
    };
  }
}

/** A list under `key` (the whole file when none): each item with an `id` is an entry. */
export function listEntries(where: ContentFile, key?: string, { optional = false } = {}): Entries {
  return (document) => {
    const list = key === undefined ? document : (document as Record<string, unknown> | null)?.[key];
    if (optional && (list === undefined || list === null)) return [];
    if (!Array.isArray(list)) {
      throw contentError([
        `${where.path}: ${key ? `"${key}" should be` : "the file should be"} a list of entries, each starting with "- id:"`,
      ]);
    }
    const problems: string[] = [];
    const seen = new Set<string>();
    const entries = list.map((item: { id?: unknown } | null, index) => {
      const id = item?.id;
      const label = `${where.path}, ${where.entryName ?? "entry"} ${index + 1}`;
      if (typeof id !== "string" || !ID.test(id)) {
        problems.push(
          `${label}, field id: ${id === undefined ? "missing" : `${shown(id)} should be lower-case letters, digits and dashes, like galway-2027-04-23`}`,
        );
      } else if (seen.has(id)) {
        problems.push(`${label}, field id: "${id}" is used twice; each ${where.entryName ?? "entry"} needs its own`);
      }
      seen.add(String(id));
      return { id: String(id), data: item };
    });
    if (problems.length > 0) throw contentError(problems);
    return entries;
  };
}

/** The whole file (or its fields but those under `without`) as one entry named `id`. */
export function singleEntry(id: string, without: readonly string[] = []): Entries {
  return (document) => {
    const fields = { ...(document as Record<string, unknown> | null) };
    for (const key of without) delete fields[key];
    return [{ id, data: fields }];
  };
}

/** Checks every entry; throws the content error listing all problems of the file at once. */
function checkedEntries(where: ContentFile, text: string, entries: Entries, schema: z.ZodTypeAny) {
  const { document, problem } = parseYaml(where, text);
  if (problem) throw contentError([problem]);
  const found = entries(document);
  const problems = found.flatMap((entry) => entryProblems(where, text, entry, schema));
  if (problems.length > 0) throw contentError(problems);
  return found;
}

/**
 * A collection loaded from a YAML file with Astro's file() loader, every entry checked first: a mistake
 * anywhere in the file fails the build, listing each problem, instead of Astro's first schema error.
 */
export function yamlCollection(where: ContentFile, entries: Entries, schema: z.ZodTypeAny): Loader {
  let failure: unknown;
  // Once loaded, `astro dev` reloads the file on each change: a mistake then cannot stop a build, so it
  // is shown in the terminal, and the pages keep erroring until it is mended.
  let report: ((message: string) => void) | undefined;
  const inner = file(where.path, {
    parser: (text) => {
      try {
        const found = checkedEntries(where, text, entries, schema);
        return Object.fromEntries(found.map(({ id, data }) => [id, data as Record<string, unknown>]));
      } catch (error) {
        // file() logs a parser's error and carries on with nothing; the load below rethrows it instead.
        failure = error;
        report?.((error as Error).message);
        return {};
      }
    },
  });
  return {
    name: "owner-yaml",
    load: async (context) => {
      [failure, report] = [undefined, undefined];
      const missing: string[] = [];
      const logger = Object.create(context.logger, {
        // file() only logs a file it cannot find; a missing content file must stop the build.
        error: { value: (message: string) => (report ? report(message) : missing.push(message)) },
      });
      await inner.load({ ...context, logger });
      if (failure) throw failure;
      if (missing.length > 0) throw contentError(missing.map((message) => `${where.path}: ${message}`));
      report = (message) => context.logger.error(message);
    },
  };
}

/**
 * One Markdown file (front matter and plain-text paragraphs) as a collection of one entry, loaded with
 * Astro's glob() loader; the front matter is checked like the YAML files.
 */
export function markdownCollection(where: ContentFile, schema: z.ZodTypeAny): Loader {
  const [base, pattern] = [where.path.slice(0, where.path.lastIndexOf("/")), where.path.split("/").at(-1)!];
  const inner = glob({ base, pattern });
  return {
    name: "owner-markdown",
    load: async (context) => {
      await inner.load({
        ...context,
        // Called for a new or changed file only: the store keeps what was checked before.
        parseData: async (props) => {
          const text = readFileSync(props.filePath ?? where.path, "utf8");
          const problems = entryProblems(where, text, { id: props.id, data: props.data }, schema);
          if (problems.length > 0) throw contentError(problems);
          return context.parseData(props);
        },
      });
      if (context.store.keys().length === 0) throw contentError([`${where.path}: the file is missing`]);
    },
  };
}

/** A Markdown file's front matter and body, as glob() splits them. */
function splitMarkdown(where: ContentFile, text: string): { frontMatter: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!match) throw contentError([`${where.path}: the file should start with its fields between two --- lines`]);
  const { document, problem } = parseYaml(where, match[1]);
  if (problem) throw contentError([problem]);
  return { frontMatter: document, body: match[2] };
}

/**
 * The checked entries of a content file, read in plain Node (the browser tests, astro.config.mjs): the
 * same checks and messages as the build's.
 */
export function readContentFile<T extends z.ZodTypeAny>(
  where: ContentFile,
  entries: Entries,
  schema: T,
  root: URL = new URL("../../", import.meta.url),
): { id: string; data: z.output<T> }[] {
  const text = readFileSync(new URL(where.path, root), "utf8");
  return checkedEntries(where, text, entries, schema).map(({ id, data }) => ({ id, data: schema.parse(data) }));
}

/** A Markdown content file read in plain Node: its checked front matter and its body. */
export function readMarkdownFile<T extends z.ZodTypeAny>(
  where: ContentFile,
  schema: T,
  root: URL = new URL("../../", import.meta.url),
): { data: z.output<T>; body: string } {
  const text = readFileSync(new URL(where.path, root), "utf8");
  const { frontMatter, body } = splitMarkdown(where, text);
  const problems = entryProblems(where, text, { id: "", data: frontMatter }, schema);
  if (problems.length > 0) throw contentError(problems);
  return { data: schema.parse(frontMatter), body };
}
