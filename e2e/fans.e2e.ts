import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEV_TEAM_PASSWORD } from "../server/team-account.mjs";
import { axeViolations, downloadDuring, expectToast, openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();
const PASSWORD = process.env.CALENDAR_PASSWORD || DEV_TEAM_PASSWORD;

async function signUp(page: Page, email: string, choice = "All news: new music, tour dates and merch") {
  await page.goto("/listen");
  await page.getByRole("textbox", { name: "Your e-mail address" }).fill(email);
  await page.getByRole("radio", { name: choice }).check();
  await page.getByRole("button", { name: "Sign me up" }).click();
  await page.getByRole("status").getByText("You're on the list. Thank you!").waitFor();
}

async function unlock(page: Page) {
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("button", { name: "Download CSV" }).waitFor();
}

describe("/fans, the team's list of sign-ups", () => {
  it("is behind the team's password, out of search and out of the nav", async () => {
    const { page, errors, context } = await openPage(getBrowser, "/fans");
    await page.getByRole("heading", { name: "Enter Password" }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /fans/i }).count()).toBe(0);
    expect(await (await fetch(`${new URL(page.url()).origin}/sitemap.xml`)).text()).not.toContain("/fans");
    await page.getByLabel("Password", { exact: true }).fill("wrong password");
    await page.getByRole("button", { name: "Login" }).click();
    await expectToast(page, "Access denied", "Incorrect password");
    expect(await page.getByRole("button", { name: "Download CSV" }).count()).toBe(0);
    expect(errors.filter((error) => !/status of 400/.test(error))).toEqual([]);
    await context.close();
  });

  it("shows the team a new sign-up first, with its choice and date, the count, and the CSV", async () => {
    const { page, context } = await openPage(getBrowser, "/listen");
    const email = `team-sees-${Date.now()}@example.com`;
    const tricky = `=cmd-${Date.now()}@example.com`;
    await signUp(page, tricky);
    await signUp(page, email, "Only when the T-shirts are out");
    await page.goto("/fans");
    await unlock(page);
    await expectToast(page, "Access granted", "You can now see the sign-ups");
    const rows = page.getByRole("row");
    const first = rows.nth(1);
    await expect(first.getByRole("cell").first().textContent()).resolves.toBe(email);
    await expect(first.getByRole("cell").nth(1).textContent()).resolves.toBe("T-shirts");
    expect(await first.locator("time").getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    const count = Number((await page.getByText(/^\d+ sign-ups?$/).textContent())!.split(" ")[0]);
    expect(count).toBe((await rows.count()) - 1);
    const { filename, text } = await downloadDuring(page, () =>
      page.getByRole("button", { name: "Download CSV" }).click(),
    );
    expect(filename).toMatch(/^fan-signups-\d{4}-\d\d-\d\d\.csv$/);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe('"email","wants","signed_up"');
    expect(lines[1]).toMatch(new RegExp(`^"${email}","T-shirts","`));
    expect(lines[2]).toMatch(new RegExp(`^"'${tricky}","All news","`));
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("removes an address only after a confirmation", async () => {
    const { page, context } = await openPage(getBrowser, "/listen");
    const email = `remove-me-${Date.now()}@example.com`;
    await signUp(page, email);
    await page.goto("/fans");
    await unlock(page);
    await page.getByRole("button", { name: `Remove ${email}` }).click();
    // The question takes focus with its safe answer, so a keyboard user is not left at the top of the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Keep");
    await page.getByRole("button", { name: "Keep" }).click();
    await expect(page.getByRole("cell", { name: email, exact: true }).count()).resolves.toBe(1);
    await page.getByRole("button", { name: `Remove ${email}` }).click();
    await page.getByRole("button", { name: "Yes, remove" }).click();
    await expectToast(page, "Address removed");
    await expect.poll(() => page.getByRole("cell", { name: email, exact: true }).count()).toBe(0);
    // Gone from the server too: a reload and a new sign-in no longer list it.
    await page.reload();
    await unlock(page);
    expect(await page.getByRole("cell", { name: email, exact: true }).count()).toBe(0);
    await context.close();
  });

  it("has no accessibility violations on the password screen", async () => {
    const { page, context } = await openPage(getBrowser, "/fans");
    await page.getByRole("heading", { name: "Enter Password" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
