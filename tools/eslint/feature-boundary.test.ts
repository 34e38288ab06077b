/**
 * The feature boundary holds for every import, as `npm run lint` runs it (the project's own ESLint
 * configuration, on files as they would sit in src/features/): a feature reaching into another feature
 * through import(), in a .mjs file or in TypeScript's import types fails lint; its own files and the shared
 * modules (team/, toasts/, errors/) do not.
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
    ["import()", "src/features/calendar/late.ts", 'export const load = () => import("../contacts/contacts.store");\n'],
    [
      "import() spelt through src/",
      "src/features/calendar/late.ts",
      "export const load = () => import(`../../features/fans/SignupList`);\n",
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
      'export const tool = () => import("./CalendarTool");',
      'export const toasts = () => import("../toasts/toasts.loader");',
      'export { teamTool } from "../team/team";',
      'export const client = () => import("../../lib/supabase");',
      "",
    ].join("\n");
    expect(await complaints("src/features/calendar/late.ts", code)).toEqual([]);
    expect(
      await complaints("src/pages/late.ts", 'export const load = () => import("../features/contacts/Contacts");\n'),
    ).toEqual([]);
  });
});
