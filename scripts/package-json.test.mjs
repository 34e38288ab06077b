// @ts-check
/**
 * The rules package.json keeps, checked among the cheap steps of `npm test` (`npm run test:package`, with
 * Node's own test runner, so it starts in a fraction of a second):
 * - every direct dependency is pinned to one exact version, so a reinstall without the lockfile gets the
 *   versions the lockfile holds (several newer releases need Node 22);
 * - every override has a one-line reason under "//overrides", and every reason its override;
 * - every package that `npm start` loads (the backend, the static server and the site's build, traced from
 *   their imports) is a dependency, not a devDependency, so an install without devDependencies still runs.
 * Each failure names the entry to fix.
 */
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isBuiltin } from "node:module";
import { dirname, extname, join, relative } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * @typedef {{
 *   scripts?: Record<string, string>,
 *   dependencies?: Record<string, string>,
 *   devDependencies?: Record<string, string>,
 *   overrides?: Record<string, unknown>,
 *   "//overrides"?: Record<string, unknown>,
 * }} PackageJson
 */

/** One exact version (a prerelease or build tag allowed): no range, tag, URL or path. */
const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

/** @param {PackageJson} pkg */
function pinProblems(pkg) {
  return /** @type {const} */ (["dependencies", "devDependencies"]).flatMap((field) =>
    Object.entries(pkg[field] ?? {})
      .filter(([, version]) => !EXACT.test(version))
      .map(([name, version]) => `${field}.${name} is "${version}": pin it to one exact version, e.g. "1.2.3"`),
  );
}

/** @param {PackageJson} pkg */
function overrideProblems(pkg) {
  const overrides = Object.keys(pkg.overrides ?? {});
  const reasons = pkg["//overrides"] ?? {};
  return [
    ...overrides
      .filter((name) => typeof reasons[name] !== "string" || String(reasons[name]).trim() === "")
      .map((name) => `overrides.${name} has no reason: add one line saying why under "//overrides".${name}`),
    ...Object.entries(reasons)
      .filter(([, reason]) => typeof reason === "string" && reason.includes("\n"))
      .map(([name]) => `"//overrides".${name} is more than one line: say why in one`),
    ...Object.keys(reasons)
      .filter((name) => !overrides.includes(name))
      .map((name) => `"//overrides".${name} gives a reason for an override that does not exist: remove it`),
  ];
}

/**
 * @param {PackageJson} pkg
 * @param {Map<string, string>} loaded each package `npm start` loads, with a file that loads it
 */
function startDependencyProblems(pkg, loaded) {
  return [...loaded]
    .filter(([name]) => !pkg.dependencies?.[name])
    .map(([name, file]) =>
      pkg.devDependencies?.[name]
        ? `${name} is loaded by npm start (${file}) but is a devDependency: move it to dependencies`
        : `${name} is loaded by npm start (${file}) but is not in dependencies: add it`,
    );
}

/**
 * Modules that name no package but load one: Astro's image module optimises images with its default
 * service, sharp, while building.
 */
const LOADS = /** @type {Record<string, string>} */ ({ "astro:assets": "sharp" });

/** The package a bare module specifier belongs to, or null for a file, a Node built-in or a virtual module. */
function packageOf(/** @type {string} */ specifier) {
  if (specifier in LOADS) return LOADS[specifier];
  if (specifier.startsWith(".") || specifier.startsWith("/") || isBuiltin(specifier)) return null;
  if (/^[a-z]+:/.test(specifier)) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The code in a file: an Astro component's frontmatter and bundled scripts, or the whole module. */
function codeOf(/** @type {string} */ file) {
  const text = readFileSync(file, "utf8");
  if (extname(file) !== ".astro") return text;
  const frontmatter = text.match(/^\s*---\r?\n([\s\S]*?)\r?\n---/)?.[1] ?? "";
  // An is:inline script is copied into the page as it is, so its imports are not the build's.
  const scripts = [...text.matchAll(/<script\b(?![^>]*\bis:inline)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join("\n");
}

/** The modules a file imports when it runs: type-only imports are left out (they vanish when compiled). */
function importsOf(/** @type {string} */ file) {
  const source = ts.createSourceFile(file, codeOf(file), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  /** @type {string[]} */
  const specifiers = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause?.phaseModifier === ts.SyntaxKind.TypeKeyword ||
        (clause &&
          !clause.name &&
          bindings &&
          ts.isNamedImports(bindings) &&
          bindings.elements.length > 0 &&
          bindings.elements.every((element) => element.isTypeOnly));
      if (!onlyTypes) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

const CODE = [".mjs", ".js", ".ts", ".tsx", ".astro"];

/** The file a relative import names, or null when it is not code (styles, data, images). */
function resolveFile(/** @type {string} */ from, /** @type {string} */ specifier) {
  const base = join(dirname(from), specifier.replace(/\?.*$/, ""));
  const candidates = [base, ...CODE.map((ext) => base + ext), ...CODE.map((ext) => join(base, `index${ext}`))];
  const file = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!file) throw new Error(`${relative(root, from)} imports ${specifier}, which is not a file`);
  return CODE.includes(extname(file)) ? file : null;
}

/**
 * Every package the given files load, following their relative imports, each with a file (relative to the
 * project) that loads it.
 * @param {string[]} entries
 */
function packagesLoadedBy(entries) {
  /** @type {Map<string, string>} */
  const loaded = new Map();
  const seen = new Set();
  const queue = [...entries];
  for (let file = queue.shift(); file; file = queue.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of importsOf(file)) {
      const name = packageOf(specifier);
      if (name) {
        if (!loaded.has(name)) loaded.set(name, relative(root, file));
      } else if (specifier.startsWith(".")) {
        const next = resolveFile(file, specifier);
        if (next) queue.push(next);
      }
    }
  }
  return loaded;
}

/** Every file under `folder`. */
const filesUnder = (/** @type {string} */ folder) =>
  readdirSync(folder, { recursive: true, encoding: "utf8" })
    .map((name) => join(folder, name))
    .filter((file) => statSync(file).isFile());

/**
 * What `npm start` runs: its script, and the site's build it starts (`npm run build` too), which loads
 * Astro's and Tailwind's configs, the content collections' definitions and every route; and the backend it
 * runs (`npm run backend` alone).
 * @param {PackageJson} pkg
 */
function startEntries(pkg) {
  const scripts = ["start", "build", "backend"].map((name) => {
    const file = pkg.scripts?.[name]?.match(/^node (\S+)$/)?.[1];
    if (!file) throw new Error(`The "${name}" script is not "node <file>"; teach this test what it runs.`);
    return join(root, file);
  });
  const build = ["astro.config.mjs", "tailwind.config.mjs", "src/content.config.ts"].map((file) => join(root, file));
  return [...scripts, ...build, ...filesUnder(join(root, "src/pages"))];
}

/** @type {PackageJson} */
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

describe("package.json", () => {
  it("pins every direct dependency to one exact version", () => {
    assert.deepEqual(pinProblems(pkg), []);
  });

  it("gives every override a one-line reason, and every reason its override", () => {
    assert.deepEqual(overrideProblems(pkg), []);
  });

  it("lists every package npm start loads in dependencies", () => {
    const loaded = packagesLoadedBy(startEntries(pkg));
    // The trace reaches the backend's database and the site's framework, or it is not reading the imports.
    assert.ok(loaded.has("@electric-sql/pglite") && loaded.has("astro"), [...loaded.keys()].join(", "));
    assert.deepEqual(startDependencyProblems(pkg, loaded), []);
  });
});

describe("the rules name the entry to fix", () => {
  it("finds a range, a tag or a URL where an exact version belongs", () => {
    const problems = pinProblems({
      dependencies: { a: "1.2.3", b: "^1.2.3", c: "1.0.0-beta.2" },
      devDependencies: { d: "~2.0.0", e: "latest", f: "github:owner/f", g: "19" },
    });
    assert.deepEqual(
      problems.map((problem) => problem.split(" is ")[0]),
      ["dependencies.b", "devDependencies.d", "devDependencies.e", "devDependencies.f", "devDependencies.g"],
    );
  });

  it("finds an override without its reason and a reason without its override", () => {
    const problems = overrideProblems({
      overrides: { kept: "1.0.0", bare: "2.0.0", blank: "3.0.0", long: "4.0.0" },
      "//overrides": { kept: "why", blank: " ", long: "two\nlines", gone: "an old reason" },
    });
    assert.deepEqual(problems, [
      'overrides.bare has no reason: add one line saying why under "//overrides".bare',
      'overrides.blank has no reason: add one line saying why under "//overrides".blank',
      '"//overrides".long is more than one line: say why in one',
      '"//overrides".gone gives a reason for an override that does not exist: remove it',
    ]);
  });

  it("finds a package npm start loads outside dependencies", () => {
    const loaded = new Map([
      ["jose", "server/auth.mjs"],
      ["ws", "server/realtime.mjs"],
      ["left-pad", "server/rest.mjs"],
    ]);
    assert.deepEqual(
      startDependencyProblems({ dependencies: { jose: "6.2.18" }, devDependencies: { ws: "8.23.0" } }, loaded),
      [
        "ws is loaded by npm start (server/realtime.mjs) but is a devDependency: move it to dependencies",
        "left-pad is loaded by npm start (server/rest.mjs) but is not in dependencies: add it",
      ],
    );
  });

  it("traces the imports that run: relative files followed, types, Node's modules and inline scripts left out", () => {
    const folder = mkdtempSync(join(tmpdir(), "stagedoor-imports-"));
    try {
      const files = {
        "entry.ts": [
          'import type { A } from "types-only";',
          'import { type B } from "named-types-only";',
          'import { type C, d } from "@scope/mixed/sub";',
          'import { readFileSync } from "node:fs";',
          'import "./page.astro";',
          'import "./style.css";',
          'export * from "re-exported";',
          'export type { E } from "re-exported-types";',
          'const later = () => import("dynamic");',
        ].join("\n"),
        "page.astro": [
          "---",
          'import { Image } from "astro:assets";',
          'import { helper } from "./helper.mjs";',
          "---",
          "<Image />",
          '<script>import "bundled";</script>',
          '<script is:inline>import "copied-as-is";</script>',
        ].join("\n"),
        "helper.mjs": 'export { x } from "from-helper";',
        "style.css": "body {}",
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
      const loaded = packagesLoadedBy([join(folder, "entry.ts")]);
      assert.deepEqual([...loaded.keys()].sort(), [
        "@scope/mixed",
        "bundled",
        "dynamic",
        "from-helper",
        "re-exported",
        "sharp",
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
