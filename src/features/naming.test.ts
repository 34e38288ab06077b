/**
 * One naming scheme for the files of a feature, so that a newcomer finds a behaviour by its name (the README's
 * tree says the same). In `src/features/<feature>/`:
 *
 * - an island or a component: `PascalCase.tsx` or `PascalCase.astro` (`ContactCard.tsx`);
 * - a React hook: `useSomething.tsx` or `.ts` (`useToastPlacement.tsx`);
 * - pure logic, data access and the rest: `<feature>.ts` or `<feature>.<concern>.ts` (`calendar.export.ts`,
 *   `contacts.api.ts`), `.mjs` when plain Node reads it too, `.tsx` when it renders;
 * - a store: `<feature>.store.ts` or `<feature>.<concern>.store.ts` (`contacts.history.store.ts`);
 * - a test beside them, named for its module or for what it proves: any of the names above, then any number of
 *   `.<what>`, then `.test.ts` or `.test.tsx` (`calendar.colours.copy.test.ts`, `Roadmap.test.tsx`).
 *
 * A concern is one lower-case word (`roadmap.undo.ts`, not `roadmap-undo.ts`); what a test proves may be
 * several, joined by dashes (`toasts.one-after-another.test.tsx`).
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

const FEATURES = new URL("./", import.meta.url);

/** Whether `file` in the folder of `feature` has one of the shapes above. */
function followsNaming(feature: string, file: string): boolean {
  const module = `(?:${feature}(?:\\.[a-z]+)?|[A-Z][A-Za-z0-9]*|use[A-Z][A-Za-z0-9]*)`;
  const shapes = [
    /^[A-Z][A-Za-z0-9]*\.(tsx|astro)$/,
    /^use[A-Z][A-Za-z0-9]*\.tsx?$/,
    new RegExp(`^${feature}(\\.[a-z]+)?\\.(ts|mjs|tsx)$`),
    new RegExp(`^${feature}(\\.[a-z]+)?\\.store\\.ts$`),
    new RegExp(`^${module}(\\.store)?(\\.[a-z]+(-[a-z]+)*)*\\.test\\.tsx?$`),
  ];
  return shapes.some((shape) => shape.test(file));
}

/** The files of every feature folder that break the scheme, as `feature/file`. */
function misnamed(): string[] {
  return readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap(({ name: feature }) =>
      readdirSync(new URL(`${feature}/`, FEATURES), { withFileTypes: true }).map((entry) => ({ feature, entry })),
    )
    .filter(({ feature, entry }) => !entry.isFile() || !followsNaming(feature, entry.name))
    .map(({ feature, entry }) => `${feature}/${entry.name}`);
}

describe("the names of feature files", () => {
  it("take each allowed shape, and refuse the others", () => {
    const allowed = [
      "ContactCard.tsx",
      "Nav.astro",
      "useToastPlacement.tsx",
      "contacts.ts",
      "contacts.api.ts",
      "contacts.fields.mjs",
      "contacts.store.ts",
      "contacts.history.store.ts",
      "contacts.test.ts",
      "contacts.history.store.test.ts",
      "contacts.colours.copy.test.ts",
      "ContactCard.test.tsx",
      "contacts.one-after-another.test.tsx",
    ];
    const refused = [
      "contacts-undo.ts",
      "vcard.ts",
      "vcard.test.ts",
      "contactsUndo.ts",
      "contacts.history.extra.ts",
      "calendar.ts",
      "utils.ts",
      "index.ts",
      "contacts.Undo.ts",
      "contacts.store.history.ts",
    ];
    expect(allowed.filter((file) => !followsNaming("contacts", file))).toEqual([]);
    expect(refused.filter((file) => followsNaming("contacts", file))).toEqual([]);
  });

  it("follow the scheme in every feature folder, with no folder inside one", () => {
    expect(misnamed(), "rename each to one of the shapes at the top of this file").toEqual([]);
  });
});
