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
import { ownerErrorMap, shown } from "./content-problems";

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
