import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { LOCAL_ANON_KEY } from "../server/local-keys.mjs";
import { streaming } from "../src/data/links";
import { axeViolations, expectToFitWidth, useBrowser } from "./browser";
import { htmlAndCssGzipBytes, visit } from "./visit";

const getBrowser = useBrowser();
const supabaseUrl = inject("supabaseUrl");
const phone = { width: 375, height: 740 };

/** A fresh address per test, so tests do not see each other's sign-ups. */
const fresh = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

describe("/listen, the link in bio", () => {
  it("shows a phone user the single, a button per service, the sign-up and the profiles, without sideways scrolling", async () => {
    const { page, errors, close } = await visit(getBrowser, "/listen", phone);
    await expect(page.getByRole("heading", { level: 1, name: "Mother" }).isVisible()).resolves.toBe(true);
    const cover = page.getByRole("img", { name: /^Cover of “Mother”/ });
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    for (const service of streaming) {
      const button = page.getByRole("main").getByRole("link", { name: `Listen on ${service.name}` });
      expect(await button.getAttribute("href")).toBe(service.single);
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      await expectToFitWidth(page, button, phone.width);
    }
    await expect(page.getByRole("heading", { name: "Sign up for news" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("main").getByRole("link", { name: "Orla Quinlan on Instagram" }).count()).resolves.toBe(
      1,
    );
    await expectToFitWidth(page, page.getByRole("button", { name: "Sign me up" }), phone.width);
    expect(errors).toEqual([]);
    await close();
  });

  it("fits HTML and CSS in the first round trip and loads only the form's own small script", async () => {
    expect(await htmlAndCssGzipBytes("/listen")).toBeLessThanOrEqual(14 * 1024);
    const { page, scripts, close } = await visit(getBrowser, "/listen");
    await page.waitForLoadState("networkidle");
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/\/_astro\/SignupForm\.[^/]+\.js$/);
    await close();
  });

  it("has its own sharing card with the single's artwork", async () => {
    const { page, close } = await visit(getBrowser, "/listen");
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(image).toMatch(/\/og-listen\.jpg$/);
    expect(await page.locator('meta[property="og:image:width"]').getAttribute("content")).toBe("1200");
    const response = await page.request.get(new URL(image!).pathname);
    expect(response.headers()["content-type"]).toBe("image/jpeg");
    await close();
  });

  it("has no accessibility violations", async () => {
    const { page, close } = await visit(getBrowser, "/listen", phone);
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});

describe("signing up for news", () => {
  it("puts a fan on the list and says so", async () => {
    const { page, errors, close } = await visit(getBrowser, "/listen");
    const email = fresh("fan");
    await page.getByRole("textbox", { name: "Your e-mail address" }).fill(email);
    await page.getByRole("radio", { name: "Only when the T-shirts are out" }).check();
    await page.getByRole("button", { name: "Sign me up" }).click();
    await page.getByRole("status").getByText("You're on the list. Thank you!").waitFor();
    await expect(page.getByRole("textbox", { name: "Your e-mail address" }).inputValue()).resolves.toBe("");
    expect(errors).toEqual([]);
    await close();
  });

  it("says exactly the same to an address that is already on the list", async () => {
    const email = fresh("twice");
    const answers: number[] = [];
    for (let time = 0; time < 2; time += 1) {
      const { page, close } = await visit(getBrowser, "/listen");
      page.on("response", (response) => {
        if (response.url().endsWith("/rest/v1/fan_signups")) answers.push(response.status());
      });
      await page.getByRole("textbox", { name: "Your e-mail address" }).fill(email.toUpperCase());
      await page.getByRole("button", { name: "Sign me up" }).click();
      await page.getByRole("status").getByText("You're on the list. Thank you!").waitFor();
      await close();
    }
    expect(answers).toEqual([201, 201]);
  });

  it("explains what is wrong with a bad address and sends nothing", async () => {
    const { page, close } = await visit(getBrowser, "/listen");
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const field = page.getByRole("textbox", { name: "Your e-mail address" });
    await page.getByRole("button", { name: "Sign me up" }).click();
    await expect(page.getByText("Please enter your e-mail address.").isVisible()).resolves.toBe(true);
    await field.fill("fan at example.com");
    await page.getByRole("button", { name: "Sign me up" }).click();
    const message = /doesn't look like an e-mail address/;
    await expect(page.getByText(message).isVisible()).resolves.toBe(true);
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    // The field names its problem to a screen reader, and keeps the focus.
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    const description = await field.evaluate(
      (el) => document.getElementById(el.getAttribute("aria-describedby")!)!.textContent,
    );
    expect(description).toMatch(message);
    expect(requests.filter((url) => url.includes("/rest/v1/"))).toEqual([]);
    await close();
  });

  it("thanks a bot that fills the hidden field, and sends nothing", async () => {
    const { page, close } = await visit(getBrowser, "/listen");
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const email = fresh("bot");
    await page.getByRole("textbox", { name: "Your e-mail address" }).fill(email);
    await page.locator('input[name="website"]').fill("https://spam.example");
    await page.getByRole("button", { name: "Sign me up" }).click();
    await page.getByRole("status").getByText("You're on the list. Thank you!").waitFor();
    expect(requests.filter((url) => url.includes("/rest/v1/"))).toEqual([]);
    // A person never meets the field: it is out of sight and out of the tab order.
    const honeypot = page.locator('input[name="website"]');
    expect(await honeypot.getAttribute("tabindex")).toBe("-1");
    expect(await honeypot.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThan(0);
    await close();
  });

  it("gives an outsider with the anon key no address", async () => {
    const { page, close } = await visit(getBrowser, "/listen");
    await page.getByRole("textbox", { name: "Your e-mail address" }).fill(fresh("private"));
    await page.getByRole("button", { name: "Sign me up" }).click();
    await page.getByRole("status").getByText("You're on the list. Thank you!").waitFor();
    await close();
    const response = await fetch(`${supabaseUrl}/rest/v1/fan_signups?select=*`, {
      headers: { apikey: LOCAL_ANON_KEY, Authorization: `Bearer ${LOCAL_ANON_KEY}` },
    });
    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain("@example.com");
  });

  it("opens with T-shirts chosen from the merch page's link", async () => {
    const { page, close } = await visit(getBrowser, "/merch");
    await page.getByRole("link", { name: "Sign up for updates" }).click();
    await page.waitForURL((url) => url.pathname === "/listen" && url.hash === "#signup");
    await expect(page.getByRole("radio", { name: "Only when the T-shirts are out" }).isChecked()).resolves.toBe(true);
    await close();
  });

  it("without JavaScript, offers an address to write to instead of a form that cannot work", async () => {
    const context = await getBrowser().newContext({ javaScriptEnabled: false, baseURL: inject("baseURL") });
    const page = await context.newPage();
    await page.goto("/listen");
    await expect(page.getByText(/This form needs JavaScript/).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Sign me up" }).isVisible()).resolves.toBe(false);
    await context.close();
  });
});
