import { describe, expect, it } from "vitest";
import { axeViolations, openPage, useBrowser } from "./browser";

const getBrowser = useBrowser();

describe("home", () => {
  it("shows the artist name and the single over a full-screen hero, fading in", async () => {
    const { page, errors } = await openPage(getBrowser, "/");
    await expect(page.getByRole("heading", { level: 1, name: "Orla Quinlan" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Debut Single "Mother" out now').isVisible()).resolves.toBe(true);
    const hero = page.locator("main picture img").first();
    expect(await hero.getAttribute("loading")).toBe("eager");
    expect(await hero.getAttribute("fetchpriority")).toBe("high");
    expect(await page.locator("main picture source[type='image/avif']").count()).toBe(1);
    const box = await page.locator("main section").first().boundingBox();
    expect(box?.height).toBeGreaterThan(700);
    const animation = await page
      .getByText('Debut Single "Mother" out now')
      .evaluate((el) => getComputedStyle(el.parentElement!).animationName);
    expect(animation).not.toBe("none");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("takes the visitor to the biography with Learn More", async () => {
    const { page } = await openPage(getBrowser, "/");
    await page.getByRole("link", { name: "Learn More" }).click();
    await page.waitForURL(/\/bio$/);
    await expect(page.getByRole("heading", { name: "Biography" }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });
});

describe("biography", () => {
  it("tells the story in the spec's order", async () => {
    const { page } = await openPage(getBrowser, "/bio");
    await expect(page.getByRole("heading", { level: 1, name: "Biography" }).isVisible()).resolves.toBe(true);
    const text = (await page.locator("main article").innerText()).replace(/\s+/g, " ");
    const topics = [
      /Ones To Watch Festival in 2024.*2025/,
      /folk, indie and Irish/,
      /August 2024/,
      /produced with/,
      /March 7th 2025.*domestic violence/,
      /EP releases in April.*tour/,
    ];
    let position = 0;
    for (const topic of topics) {
      const match = topic.exec(text.slice(position));
      expect(match, String(topic)).not.toBeNull();
      position += match!.index + 1;
    }
    await page.context().close();
  });
});

describe("tour", () => {
  it("lists the three dates with links that open in a new tab", async () => {
    const { page } = await openPage(getBrowser, "/tour");
    await expect(page.getByRole("heading", { level: 1, name: "Tour Dates" }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: "Ireland Tour - April 2024" }).isVisible()).resolves.toBe(true);
    for (const [date, place] of [
      ["April 23rd", "Galway"],
      ["April 26th", "Donegal"],
      ["May 2nd", "Dublin"],
    ]) {
      const item = page.getByRole("listitem").filter({ hasText: date });
      await expect(item.getByText(place).isVisible()).resolves.toBe(true);
      const link = item.getByRole("link");
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      expect(await link.innerText()).toMatch(/Tickets|Venue website/);
    }
    await page.context().close();
  });

  it("pins the photo beside the card on wide screens and stacks it below on phones", async () => {
    const { page } = await openPage(getBrowser, "/tour", { viewport: { width: 1280, height: 800 } });
    const photo = page.getByRole("img", { name: /hillside/ });
    const wrapper = photo.locator("xpath=ancestor::div[1]");
    expect(await wrapper.evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
    const card = await page.getByRole("heading", { name: "Ireland Tour - April 2024" }).boundingBox();
    const side = await photo.boundingBox();
    expect(side!.x).toBeGreaterThan(card!.x + 200);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await wrapper.evaluate((el) => getComputedStyle(el).position)).toBe("static");
    const stacked = await photo.boundingBox();
    expect(stacked!.y).toBeGreaterThan((await page.getByRole("link", { name: /May 2nd/ }).boundingBox())!.y);
    await page.context().close();
  });

  it("describes each date as a schema.org MusicEvent", async () => {
    const { page } = await openPage(getBrowser, "/tour");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const events = blocks.map((text) => JSON.parse(text)).filter((data) => data["@type"] === "MusicEvent");
    expect(events).toHaveLength(3);
    for (const event of events) {
      expect(event.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      expect(event.location["@type"]).toBe("Place");
      expect(event.location.address["@type"]).toBe("PostalAddress");
      expect(event.performer.name).toBe("Orla Quinlan");
      expect(event.eventStatus).toBe("https://schema.org/EventScheduled");
    }
    expect(events.filter((event) => event.offers?.url?.startsWith("https://")).length).toBe(2);
    await page.context().close();
  });
});

describe("pages without islands", () => {
  it.each(["/", "/bio", "/tour"])("%s loads no JavaScript file and under 1 KB of inline script", async (path) => {
    const context = await getBrowser().newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    const { baseURL } = await import("./browser");
    await page.goto(`${baseURL}${path}`);
    await page.waitForLoadState("networkidle");
    expect(scripts).toEqual([]);
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll("script:not([src])")]
        .filter((s) => !/json/.test(s.getAttribute("type") ?? ""))
        .reduce((sum, s) => sum + new Blob([s.textContent ?? ""]).size, 0),
    );
    expect(inline).toBeLessThan(1024);
    await context.close();
  });
});

describe("accessibility of the public pages", () => {
  it.each(["/", "/bio", "/tour", "/epk", "/merch", "/no-such-page"])(
    "%s has no WCAG 2.2 AA violations",
    async (path) => {
      const { page } = await openPage(getBrowser, path);
      await page.waitForLoadState("networkidle");
      expect(await axeViolations(page)).toEqual([]);
      await page.context().close();
    },
  );
});

describe("unknown routes", () => {
  it("answer 404 with the not-found page", async () => {
    const context = await getBrowser().newContext();
    const page = await context.newPage();
    const { baseURL } = await import("./browser");
    const response = await page.goto(`${baseURL}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Not Found" }).isVisible()).resolves.toBe(true);
    expect(await page.title()).toContain("404 Not Found");
    await context.close();
  });
});
