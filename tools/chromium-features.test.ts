/**
 * The journeys' browser starts through tools/chromium-features.sh: every `--disable-features=` list it is given
 * (Playwright's own and the journeys') reaches Chromium as one, which keeps only the last list it reads.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { journeyBrowser } from "./chromium.mjs";

const SCRIPT = fileURLToPath(new URL("chromium-features.sh", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "stagedoor-chromium-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The arguments the script hands on, with a stand-in for Chromium that prints each on a line of its own. */
function handedOn(args: string[]): string[] {
  const standIn = join(scratch, "chromium");
  writeFileSync(standIn, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
  chmodSync(standIn, 0o755);
  const output = execFileSync(SCRIPT, args, { env: { ...process.env, STAGEDOOR_CHROMIUM: standIn } });
  return output.toString().split("\n").slice(0, -1);
}

describe("the journeys' Chromium", () => {
  it("gets every disabled feature in one list, after the other arguments, each kept whole", () => {
    expect(
      handedOn(["--headless", "--disable-features=A,B", "--user-data-dir=/tmp/a b", "--disable-features=C", "x y"]),
    ).toEqual(["--headless", "--user-data-dir=/tmp/a b", "x y", "--disable-features=A,B,C"]);
    expect(handedOn(["--headless", ""])).toEqual(["--headless", ""]);
  });

  it("says what is missing when no Chromium is named", () => {
    const env = { ...process.env };
    delete env.STAGEDOOR_CHROMIUM;
    expect(() => execFileSync(SCRIPT, ["--headless"], { env, stdio: "pipe" })).toThrow(/STAGEDOOR_CHROMIUM/);
  });

  it("starts with Playwright's disabled features and the journeys' in the one list Chromium reads", async () => {
    const options = journeyBrowser();
    const server = await chromium.launchServer(options);
    try {
      const browserArgs = readFileSync(`/proc/${server.process().pid}/cmdline`, "utf8").split("\0");
      const lists = browserArgs.filter((arg) => arg.startsWith("--disable-features="));
      expect(lists).toHaveLength(1);
      const disabled = lists[0].slice("--disable-features=".length).split(",");
      const ours =
        options.args
          .find((arg) => arg.startsWith("--disable-features="))
          ?.split("=")[1]
          .split(",") ?? [];
      expect(ours.length).toBeGreaterThan(0);
      expect(disabled).toEqual(expect.arrayContaining(ours));
      // Playwright's own list is there too, not replaced by the journeys'.
      expect(disabled.length).toBeGreaterThan(ours.length);
      // And the browser UI turned off is not made: no address bar suggestions page beside the journey's.
      const browser = await chromium.connect(server.wsEndpoint());
      const page = await browser.newPage();
      await page.goto("data:text/html,<h1>Hello</h1>");
      const session = await browser.newBrowserCDPSession();
      const { targetInfos } = await session.send("Target.getTargets");
      expect(targetInfos.map((target) => target.url)).toEqual(
        expect.arrayContaining(["data:text/html,<h1>Hello</h1>"]),
      );
      expect(targetInfos.filter((target) => target.url.startsWith("chrome://omnibox"))).toEqual([]);
      await browser.close();
    } finally {
      await server.close();
    }
  });
});
