/**
 * The feature boundary holds for every import, as `npm run lint` runs it (the project's own ESLint
 * configuration, on files as they would sit in src/features/): a feature reaching into another feature
 * through import(), in a .mjs file or in TypeScript's import types fails lint; its own files and the shared
 * modules (team/, toasts/, errors/) do not. And the browser's code fetches code only through lazyCode
 * (src/lib/retried.ts), which asks for it only while online: a bare import() fails lint there, not in a test.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
let eslint: ESLint;

/** The boundary's complaints about `code` saved as `file` (from the project's root; nothing is written). */
async function complaints(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  return result.messages.map((message) => message.ruleId ?? message.message);
}

describe("the feature boundary", () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it.each([
    [
      "import()",
      "src/features/calendar/late.ts",
      'export const load = lazyCode(() => import("../contacts/contacts.store"));\n',
    ],
    [
      "import() spelt through src/",
      "src/features/calendar/late.ts",
      "export const load = lazyCode(() => import(`../../features/fans/SignupList`));\n",
    ],
    [
      "a static import in .mjs",
      "src/features/calendar/format.mjs",
      'export { CONTACT_FIELDS } from "../contacts/contacts.fields.mjs";\n',
    ],
    [
      "a static import in .tsx",
      "src/features/fans/Row.tsx",
      'import { merch } from "../merch/merch";\n\nexport const name = merch;\n',
    ],
    [
      "an import type",
      "src/features/fans/types.ts",
      'export type Store = typeof import("../contacts/contacts.store");\n',
    ],
  ])("refuses a feature importing another through %s", async (_, file, code) => {
    expect(await complaints(file, code)).toEqual(["stagedoor/feature-boundary"]);
  });

  it("lets a feature import its own files, the shared modules and src/lib, and lets pages import any feature", async () => {
    const code = [
      'export const tool = lazyCode(() => import("./CalendarTool"));',
      'export const toasts = lazyCode(() => import("../toasts/toasts.loader"));',
      'export { teamTool } from "../team/team";',
      'export const client = lazyCode(() => import("../../lib/supabase"));',
      "",
    ].join("\n");
    expect(await complaints("src/features/calendar/late.ts", code)).toEqual([]);
    expect(
      await complaints(
        "src/pages/late.ts",
        'export const load = lazyCode(() => import("../features/contacts/Contacts"));\n',
      ),
    ).toEqual([]);
  });
});

describe("code fetched on first use", () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  it.each([
    [
      "an import() of its own",
      "src/features/calendar/late.ts",
      'export const load = () => import("./CalendarTool");\n',
    ],
    [
      "an import() then picked from",
      "src/lib/late.ts",
      'export const load = () => import("./supabase").then((m) => m);\n',
    ],
    [
      "an import() inside lazyCode but outside its argument",
      "src/features/fans/Late.tsx",
      'export const load = lazyCode(async () => 1, import("./SignupList"));\n',
    ],
    [
      "an import() in browser code of a .mjs file",
      "src/lib/late.mjs",
      'export const load = () => import("./supabase.ts");\n',
    ],
    [
      "a lazyCode made at each call, which remembers nothing",
      "src/features/fans/late.ts",
      'export function load() {\n  return lazyCode(() => import("./SignupList"))();\n}\n',
    ],
  ])("refuses %s in the browser's code, which would stay failed once tried offline", async (_, file, code) => {
    expect(await complaints(file, code)).toEqual(["no-restricted-syntax"]);
  });

  it("lets the browser's code fetch through lazyCode, and a test import what it tests", async () => {
    const code =
      'export const load = lazyCode(() => import("./CalendarTool").then(({ CalendarTool }) => CalendarTool));\n';
    expect(await complaints("src/features/calendar/late.ts", code)).toEqual([]);
    const test = 'export const fresh = () => import("./calendar.store");\n';
    expect(await complaints("src/features/calendar/late.test.ts", test)).toEqual([]);
  });
});
