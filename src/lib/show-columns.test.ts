import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { canonicalShows } from "./show-columns.mjs";

const ids = ["youghal-2027-05-01", "kilkenny-2027-05-03", "aarhus-2027-06-01", "zurich-2027-06-09", "Ennis-2027-07-01"];

describe("the text the shows' digest is made of", () => {
  it("orders the shows by id as code units: capitals first, no language's rules", () => {
    const order = JSON.parse(canonicalShows(ids.map((id) => ({ id })))).map((row: unknown[]) => row[0]);
    expect(order).toEqual([
      "Ennis-2027-07-01",
      "aarhus-2027-06-01",
      "kilkenny-2027-05-03",
      "youghal-2027-05-01",
      "zurich-2027-06-09",
    ]);
  });

  it("is the same in a Lithuanian, a Danish and an Irish runtime, as a teammate's browser may be", () => {
    const module = fileURLToPath(new URL("./show-columns.mjs", import.meta.url));
    const script = `import(${JSON.stringify(module)}).then((m) => process.stdout.write(m.canonicalShows(${JSON.stringify(ids.map((id) => ({ id })))})))`;
    const texts = ["lt_LT", "da_DK", "en_IE"].map((locale) =>
      execFileSync(process.execPath, ["-e", script], { env: { ...process.env, LC_ALL: `${locale}.UTF-8` } }).toString(),
    );
    // Each language would sort these ids its own way (Lithuanian puts y before k, Danish aa after z).
    expect(new Set(texts).size).toBe(1);
  });
});
