/**
 * A gig the team enters is the show fans see: signed in on /calendar, the team adds a gig a year ahead and
 * puts it on the website with its venue and ticket link; the site then rebuilds itself as `npm start` does
 * (tools/shows-watch.mjs: the published shows' digest differs from the build's, so one build, made aside
 * and swapped in), and /tour lists the show first with its ticket link, / and /listen show it as the next
 * show, the structured data and /tour.ics carry it, and its own .ics downloads. Cancelled on /calendar, it
 * is rebuilt once more: the pages say cancelled with no ticket link, the structured data EventCancelled. On
 * the way, its street is put right, a move to a day already over is refused, the cancelled show offers no other
 * status, and restoring the version before the cancellation asks first. Taken off the website at last, it is gone
 * from the shows the next build reads.
 *
 * It has a backend of its own (its shows would change the tour of the journeys beside it) and builds and
 * serves a site of its own from it, in a folder of its own, so the shared build in dist-test/ never changes,
 * from a copy of the project, so the content store the unit tests read never changes either.
 */
import ICAL from "ical.js";
import type { Page } from "@playwright/test";
import { readSeed } from "../server/database.mjs";
import { siteOrigins } from "../server/http.mjs";
import { patient } from "../tools/test-pace.mjs";
import { expect, expectToast, test } from "./fixtures";
import { following, musicEvents, siteServer } from "./site-following";
import { downloadDuring, liveIndicator, openCalendar, signIn, uniqueWord, upcomingEvent } from "./team";

/**
 * Three builds of the whole site (the project's copy, then after each change) beside the other steps of npm test: 7.5
 * to 8.9 minutes measured in clean runs on a slower 2-core machine, where a build beside Vitest and astro check takes
 * two to four minutes, and over ten with other work beside the run. A guard against a hang, as every timeout.
 */
test.setTimeout(patient(400_000));

/**
 * Goes forward from the month the calendar shows to the month of `day`, read from the month grid's name: a run that
 * crosses the end of a month opens the calendar a month later than it chose the day, so the number of steps is not
 * known ahead. Each step waits for the month shown to change before looking again.
 */
async function showMonthOf(page: Page, day: Date): Promise<void> {
  const wanted = day.toLocaleString("en-US", { month: "long", year: "numeric" });
  for (let step = 0; step < 13; step += 1) {
    const shown = await page.getByRole("grid").first().getAttribute("aria-label");
    if (shown === wanted) return;
    await page.getByRole("button", { name: "Go to the Next Month" }).click();
    await expect(page.getByRole("grid", { name: shown ?? undefined, exact: true })).toHaveCount(0);
  }
  await expect(page.getByRole("grid", { name: wanted })).toBeVisible();
}

test("the team puts a gig on the website from /calendar, then cancels it, and the site follows @own-backend", async ({
  page,
  baseURL,
  ownBackend,
}) => {
  const server = await siteServer();
  const backend = await ownBackend({
    seed: readSeed(),
    allowedOrigins: siteOrigins([Number(new URL(baseURL!).port), server.port]),
  });
  const site = following(server, backend.url);
  try {
    const word = uniqueWord();
    const venue = `The ${word} Room`;
    const title = `Launch at the ${word} Room`;
    const ticketUrl = `https://tickets.example/orla-quinlan/${word}`;
    const dayAhead = new Date();
    dayAhead.setFullYear(dayAhead.getFullYear() + 1, dayAhead.getMonth(), 15);

    await test.step("signed in on /calendar, the team adds a gig a year ahead, on the website, with its ticket link", async () => {
      await openCalendar(page);
      await showMonthOf(page, dayAhead);
      await page
        .getByRole("gridcell")
        .getByRole("button", { name: new RegExp(`^[A-Z][a-z]{2} 15, ${dayAhead.getFullYear()}(,|$)`) })
        .click();
      await page.getByLabel("Title", { exact: true }).fill(title);
      await page.getByLabel("Event type", { exact: true }).selectOption("gig");
      await page.getByRole("checkbox", { name: "Put on the website" }).check();
      const form = page.getByRole("form", { name: "Add Event" });
      await form.getByLabel("Venue", { exact: true }).fill(venue);
      await form.getByLabel("Street", { exact: true }).fill("14 Seapoint Promenade");
      await form.getByLabel("Town", { exact: true }).fill("Galway");
      await form.getByLabel("County", { exact: true }).fill("County Galway");
      await form.getByLabel("Postal code", { exact: true }).fill("H91 X2P4");
      await expect(form.getByLabel("Time zone", { exact: true })).toHaveValue("Europe/Dublin");
      await form.getByLabel("Doors", { exact: true }).fill("20:00");
      // A link that is not https is said beside its field, and nothing is added.
      await form.getByLabel("Ticket link", { exact: true }).fill("tickets.example");
      await form.getByRole("button", { name: "Add Event" }).click();
      await expect(form.getByText("Ticket link: a whole address starting with https://")).toBeVisible();
      // The focus goes to the field with the problem, scrolled into view, not left on the button below.
      await expect(form.getByLabel("Ticket link", { exact: true })).toBeFocused();
      await expect(form.getByLabel("Venue", { exact: true })).toHaveValue(venue);
      await form.getByLabel("Ticket link", { exact: true }).fill(ticketUrl);
      await form.getByRole("button", { name: "Add Event" }).click();
      await expectToast(page, "Event added", "New event has been added successfully");
      // The live site was built before the gig: the card says the site catches up soon.
      await expect(upcomingEvent(page, title).getByText("On the website in a few minutes")).toBeVisible();
    });

    await test.step("on its card, the team puts the show's street right: only that is written, as a new version", async () => {
      const card = upcomingEvent(page, title);
      await card.getByRole("button", { name: /^Manage the show/ }).click();
      await card.getByRole("button", { name: "Edit the show's details" }).click();
      const details = card.getByRole("form", { name: "Show details" });
      await expect(details.getByLabel("Venue", { exact: true })).toHaveValue(venue);
      await details.getByLabel("Street", { exact: true }).fill("15 Seapoint Promenade");
      // And the tickets are going fast: said in the panel, and on /tour once rebuilt.
      await details.getByLabel("Price (optional)", { exact: true }).fill("18");
      await details.getByLabel("Currency (with a price)", { exact: true }).fill("EUR");
      await details.getByLabel("Availability (optional)", { exact: true }).selectOption({ label: "Few left" });
      await details.getByRole("button", { name: "Save the details" }).click();
      await expectToast(page, "Show details changed");
      await expect(card.getByText("15 Seapoint Promenade", { exact: false })).toBeVisible();
      await expect(card.getByText(/· €18\.00 · Few left$/)).toBeVisible();
      await expect(card.getByText("Version 1", { exact: true })).toBeVisible();
      await card.getByRole("button", { name: /^Manage the show/ }).click();
    });

    await test.step("the site rebuilds itself: /tour lists the show first, with its ticket link and its own .ics", async () => {
      await site.caughtUp();
      await page.goto(`${site.origin}/tour`);
      const first = page.getByRole("main").getByRole("listitem").first();
      await expect(first).toContainText(venue);
      await expect(first).toContainText("15 Seapoint Promenade");
      await expect(first.getByText("Few left", { exact: true })).toBeVisible();
      await expect(first).toContainText("Doors 20:00 · €18.00");
      await expect(first.getByRole("link", { name: /^Tickets/ })).toHaveAttribute("href", ticketUrl);
      const file = await downloadDuring(page, () => first.getByRole("link", { name: /^Add to calendar/ }).click());
      expect(file.filename).toMatch(/\.ics$/);
      const [event] = new ICAL.Component(ICAL.parse(file.text)).getAllSubcomponents("vevent");
      expect(event!.getFirstPropertyValue("summary")).toContain(venue);
      expect(event!.getFirstPropertyValue("url")).toBe(ticketUrl);
      const [music] = (await musicEvents(page)).filter((data) => JSON.stringify(data).includes(venue));
      expect(music).toMatchObject({ eventStatus: "https://schema.org/EventScheduled" });
      expect(JSON.stringify(music)).toContain(ticketUrl);
      // With a show to come, the card offers the whole tour as one file, the new show in it.
      const all = await downloadDuring(page, () =>
        page.getByRole("link", { name: "Add all dates to your calendar" }).click(),
      );
      expect(all.filename).toBe("orla-quinlan-tour.ics");
      expect(all.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(all.text).toContain(venue);
    });

    await test.step("/ and /listen show it as the next show", async () => {
      for (const path of ["/", "/listen"]) {
        await page.goto(`${site.origin}${path}`);
        await expect(page.getByRole("region", { name: "Next show" })).toContainText(venue);
      }
    });

    await test.step("the rebuilt site's /calendar says the show is on the website", async () => {
      await page.goto(`${site.origin}/calendar`);
      await signIn(page);
      await expect(upcomingEvent(page, title).getByText("On the website", { exact: true })).toBeVisible();
    });

    await test.step("the team cancels it on /calendar, and a teammate's open calendar shows it at once", async () => {
      const teammate = await page.context().newPage();
      await teammate.goto(`${site.origin}/calendar`);
      await signIn(teammate);
      await expect(liveIndicator(teammate)).toHaveText("Live");
      const theirs = upcomingEvent(teammate, title);
      await expect(theirs.getByText("On the website", { exact: true })).toBeVisible();
      await openCalendar(page);
      const card = upcomingEvent(page, title);
      await card.getByRole("button", { name: /^Manage the show/ }).click();
      // A new day already over is refused, as a new show's is, and the show stays as it is.
      const reschedule = card.getByRole("form", { name: "Reschedule" });
      await reschedule.getByLabel("New date").fill("2020-01-15");
      await reschedule.getByRole("button", { name: "Reschedule" }).click();
      await expect(reschedule.getByText("New doors: a day and time still to come (that one is over)")).toBeVisible();
      await card.getByRole("button", { name: "Cancel the show" }).click();
      // It asks first, "Keep the show" ready for a tap by mistake; kept, the focus is back on the button that asked.
      await expect(card.getByRole("button", { name: "Keep the show" })).toBeFocused();
      await card.getByRole("button", { name: "Keep the show" }).click();
      await expect(card.getByRole("button", { name: "Cancel the show" })).toBeFocused();
      await card.getByRole("button", { name: "Cancel the show" }).click();
      await card.getByRole("button", { name: "Yes, cancel the show" }).click();
      await expectToast(page, "Show cancelled");
      // The focus stays in the show's panel, on its status line, which says what it is now.
      const status = card.getByRole("definition").filter({ hasText: /^Cancelled$/ });
      await expect(status).toHaveAccessibleDescription("Status");
      await expect(status).toBeFocused();
      await expect(card.getByText("Cancelled", { exact: false }).first()).toBeVisible();
      // Cancelled, it is not put back on by a tap on another status: Restore does that.
      await expect(
        card.getByText("This show is cancelled: fans see it so once the website catches up, as the card says.", {
          exact: false,
        }),
      ).toBeVisible();
      await expect(card.getByRole("button", { name: "Mark sold out" })).toHaveCount(0);
      await expect(card.getByRole("form", { name: "Reschedule" })).toHaveCount(0);
      // Its day in the month says so too (a hollow dot, and the day's name for a screen reader), a year ahead.
      await showMonthOf(page, dayAhead);
      await expect(
        page.getByRole("gridcell").getByRole("button", { name: new RegExp(`${title} \\(gig, cancelled\\)`) }),
      ).toBeVisible();
      // Its first version is kept, restorable.
      await expect(card.getByText("Version 1", { exact: true })).toBeVisible();
      // The version before the cancellation says how it differs, and restoring it asks first, as fans would see
      // the show on sale again; Escape keeps it cancelled, the focus back on Restore.
      const history = card.getByRole("region", { name: /^History of the show/ });
      await expect(history.getByText("Differs from now: Status Scheduled", { exact: true })).toBeVisible();
      await history.getByRole("button", { name: "Restore version 2" }).click();
      const asked = history.getByRole("group", {
        name: "Undo the cancellation? Fans will see it on sale again: Scheduled, doors 20:00.",
      });
      await expect(asked.getByRole("button", { name: "Keep it cancelled" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(asked).toBeHidden();
      await expect(history.getByRole("button", { name: "Restore version 2" })).toBeFocused();
      await expect(status).toHaveText("Cancelled");
      // Heard, not read again on a reload: the teammate's page was open all along.
      await expect(theirs.getByText("Cancelled", { exact: true })).toBeVisible();
      await expect(theirs.getByText("· fans see it so on the website in a few minutes", { exact: true })).toBeVisible();
      await teammate.close();
    });

    await test.step("rebuilt, the pages say cancelled with no ticket link, the structured data EventCancelled", async () => {
      await site.caughtUp();
      await page.goto(`${site.origin}/tour`);
      const item = page.getByRole("main").getByRole("listitem").filter({ hasText: venue });
      await expect(item.getByText("Cancelled", { exact: true })).toBeVisible();
      await expect(item).toContainText("15 Seapoint Promenade");
      await expect(item.getByRole("link", { name: /^Tickets/ })).toHaveCount(0);
      await expect(page.getByRole("main").getByRole("link", { name: /^(Tickets|Venue website)/ })).toHaveCount(0);
      const [music] = (await musicEvents(page)).filter((data) => JSON.stringify(data).includes(venue));
      expect(music).toMatchObject({ eventStatus: "https://schema.org/EventCancelled" });
      // A calendar that holds the tour feed reads it cancelled, with no way to the tickets either.
      const feed = new ICAL.Component(ICAL.parse(await (await page.request.get(`${site.origin}/tour.ics`)).text()));
      const [called] = feed
        .getAllSubcomponents("vevent")
        .filter((event) => event.getFirstPropertyValue("summary")?.toString().includes(venue));
      expect(called!.getFirstPropertyValue("status")).toBe("CANCELLED");
      // Its link is the show on /tour.
      expect(String(called!.getFirstPropertyValue("url"))).toMatch(/\/tour#galway-\d{4}-\d{2}-\d{2}$/);
      expect(String(called!.getFirstPropertyValue("description"))).not.toContain(ticketUrl);
      await page.goto(`${site.origin}/`);
      await expect(page.getByRole("region", { name: "Next show" })).not.toContainText(venue);
    });

    await test.step("taken off the website, asked first, it is no longer among the shows the next build reads", async () => {
      // Proven twice above, a build renders what it reads: a third would only lengthen the journey.
      await site.stopWatching();
      // On the rebuilt site, whose pages still list the show (cancelled) until its next build.
      await page.goto(`${site.origin}/calendar`);
      await signIn(page);
      const card = upcomingEvent(page, title);
      await card.getByRole("button", { name: /^Manage the show/ }).click();
      await card.getByRole("button", { name: "Take off the website" }).click();
      await expect(card.getByRole("button", { name: "Keep it on the website" })).toBeFocused();
      await card.getByRole("button", { name: "Yes, take it off" }).click();
      await expectToast(page, "Show taken off the website");
      await expect(card.getByText("· Off the website in a few minutes", { exact: true })).toBeVisible();
      await expect(card.getByRole("button", { name: "Put back on the website" })).toBeVisible();
      // What every build reads, and anyone with the anon key: the show is gone from it, so the served build is
      // behind, and the shows watch would build again.
      expect((await site.publishedNow()).map((show) => show.venue_name)).not.toContain(venue);
      expect(await site.behind()).toBe(true);
    });

    await test.step("put back on the website, without a question, it is among the shows the next build reads again", async () => {
      const card = upcomingEvent(page, title);
      // Just in Take off's place, it takes a tap a moment later: the click waits for it as a person would.
      await card.getByRole("button", { name: "Put back on the website" }).click();
      await expectToast(page, "Show back on the website");
      await expect(card.getByText(/fans see it so on the website/)).toBeVisible();
      await expect(card.getByRole("button", { name: "Take off the website" })).toBeVisible();
      expect((await site.publishedNow()).map((show) => show.venue_name)).toContain(venue);
    });
  } finally {
    await site.close();
  }
});
