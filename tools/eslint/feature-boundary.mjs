// @ts-check
/**
 * The feature boundary as an ESLint rule of the project's own: a file under src/features/<feature>/ imports
 * no file of another feature, except the modules features share (the team sign-in, the toasts and the error
 * fallback); what two features need goes into such a module or into src/lib/. It sees every way a module is
 * named: `import … from`, `export … from`, `import()` (how the team tools load their islands lazily, which
 * ESLint's no-restricted-imports does not see) and TypeScript's `import("…")` types, in .ts, .tsx, .astro and
 * .mjs files alike. A path is judged by where it leads, not by how it is spelt.
 */
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The project's root, from which src/features/ is found whatever folder ESLint runs in. */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The features' folder, and the features every feature may import. */
const FEATURES = "src/features";
const SHARED = new Set(["team", "toasts", "errors"]);

const MESSAGE =
  "A feature imports no other feature's files: move what is shared into its own module (like team/ or toasts/) or src/lib/.";

/**
 * The feature a path under the project's root belongs to, or undefined outside src/features/.
 * @param {string} path relative to the project's root
 */
function featureOf(path) {
  const parts = path.split(sep);
  const features = FEATURES.split("/");
  const inside = features.every((part, index) => parts[index] === part) && parts.length > features.length + 1;
  return inside ? parts[features.length] : undefined;
}

/**
 * Whether the file `filename` (absolute) may import `specifier`: true unless the specifier is a relative path
 * from one feature's file into another feature that is not shared.
 * @param {string} filename
 * @param {string} specifier
 */
function mayImport(filename, specifier) {
  if (!specifier.startsWith(".")) return true;
  const from = featureOf(relative(ROOT, filename));
  const to = featureOf(relative(ROOT, resolve(dirname(filename), specifier)));
  return from === undefined || to === undefined || to === from || SHARED.has(to);
}

/** @type {import("eslint").Rule.RuleModule} */
export const featureBoundary = {
  meta: {
    type: "problem",
    docs: { description: "A feature imports no other feature's files, statically or through import()." },
    schema: [],
    messages: { otherFeature: MESSAGE },
  },
  create(context) {
    /**
     * @param {{
     *   type: string, value?: unknown, expressions?: unknown[], quasis?: { value: { cooked?: string | null } }[],
     *   loc?: import("eslint").AST.SourceLocation | null,
     * } | null | undefined} source
     */
    const check = (source) => {
      if (!source?.loc) return;
      // A template literal without placeholders names one module as a string does.
      const specifier =
        source.type === "Literal"
          ? source.value
          : source.type === "TemplateLiteral" && source.expressions?.length === 0
            ? source.quasis?.[0].value.cooked
            : undefined;
      if (typeof specifier === "string" && !mayImport(context.filename, specifier)) {
        context.report({ loc: source.loc, messageId: "otherFeature" });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // TypeScript's `typeof import("…")` and `import("…").Type`, which estree does not name.
      /** @param {any} node */
      TSImportType: (node) => check(node.source),
    };
  },
};
