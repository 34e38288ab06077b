/**
 * A show's ticket link names a host a fan's browser can reach: one whose site is one word ("https://tickets", a
 * paste cut short) is refused with the name of its rule, as the team's token writes it, on a new show and on a
 * change of the link; a show saved before the rule with such a link stays changeable until its link is changed.
 * On both engines, both kinds of project.
 */
import { describe, expect, it } from "vitest";
import { event, show } from "../../server/test-helpers";
import {
  migrationsBefore,
  migrationsUpTo,
  showSavedBefore,
  TARGETS,
  TEAM,
  type TestDatabase,
  useDatabase,
} from "./harness/database";

const MIGRATION = "20250125000000_shows_ticket_link_host.sql";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);
  let made = 0;

  /** A show of a new gig with this ticket link: its id, status and error. */
  async function addShow(ticket_url: string) {
    const gig = await db.as(TEAM).insert("calendar_events", event(`Gig ${++made}`, "2027-04-23"), { returning: true });
    if (gig.error) throw new Error(gig.error.message);
    const id = `show-${made}`;
    return { id, ...(await db.as(TEAM).insert("shows", show(id, gig.rows[0].id as string, { ticket_url }))) };
  }

  it("refuses a link whose site is one word, naming the rule, and takes a site's whole name or an address", async () => {
    for (const link of ["https://tickets", "https://x/orla-quinlan", "https://localhost:8443/a.b"]) {
      const { status, error } = await addShow(link);
      expect(status, link).toBe(400);
      expect(error?.message, link).toMatch(/shows_ticket_url_host/);
    }
    for (const link of ["https://tickets.example.com/orla", "https://192.0.2.1/orla", "https://a.b.example:8443/x"]) {
      const { status, error } = await addShow(link);
      expect(error, link).toBeNull();
      expect(status).toBe(201);
    }
  });

  it("refuses such a link in a change, and changes the rest of a show as before", async () => {
    const { id } = await addShow("https://tickets.example.com/orla");
    const cut = await db.as(TEAM).update("shows", { ticket_url: "https://tickets" }, { id });
    expect(cut.error?.message).toMatch(/shows_ticket_url_host/);
    const cancelled = await db.as(TEAM).update("shows", { status: "cancelled" }, { id });
    expect(cancelled.error).toBeNull();
  });
});

describe.each(TARGETS)("$name, rows saved before the rule", (target) => {
  const db: TestDatabase = useDatabase(target, { migrations: migrationsBefore(MIGRATION) });

  it("keeps a show saved with such a link changeable, until its link is changed", async () => {
    await showSavedBefore(db, { ticket_url: "https://tickets" });
    await db.migrate(migrationsUpTo(MIGRATION));
    const cancelled = await db.as(TEAM).update("shows", { status: "cancelled" }, { id: "galway" });
    expect(cancelled.error).toBeNull();
    const other = await db.as(TEAM).update("shows", { ticket_url: "https://tix" }, { id: "galway" });
    expect(other.error?.message).toMatch(/shows_ticket_url_host/);
    const mended = await db
      .as(TEAM)
      .update("shows", { ticket_url: "https://tickets.example.com/galway" }, { id: "galway" });
    expect(mended.error).toBeNull();
  });
});
