/**
 * A show's tickets go on sale before its doors: an on-sale time at or after the doors, typed or left by a move of
 * the doors, is refused with the name of its check, as the team's token writes it; one before is taken. Rows saved
 * before the rule lose that time in the migration, never a failed migration, keep it in their history, and stay
 * changeable. On both engines, both kinds of project.
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

const MIGRATION = "20250124000000_shows_on_sale_before_doors.sql";
const DOORS = "2027-04-23T20:00:00+01:00";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);
  let made = 0;

  /** A show of a new gig with these values in place of the usual ones (doors at DOORS): its id, status and error. */
  async function addShow(values: Record<string, unknown>) {
    const gig = await db.as(TEAM).insert("calendar_events", event(`Gig ${++made}`, "2027-04-23"), { returning: true });
    if (gig.error) throw new Error(gig.error.message);
    const id = `show-${made}`;
    const answer = await db
      .as(TEAM)
      .insert("shows", show(id, gig.rows[0].id as string, { price: 18, currency: "EUR", ...values }));
    return { id, ...answer };
  }

  it("refuses tickets on sale at or after the doors, naming the check, and takes them on sale before", async () => {
    for (const on_sale_at of [DOORS, "2027-04-23T19:00:01Z", "2028-04-01T10:00:00Z"]) {
      const { status, error } = await addShow({ on_sale_at });
      expect(status, on_sale_at).toBe(400);
      expect(error?.message, on_sale_at).toMatch(/shows_on_sale_before_doors/);
    }
    const { status, error } = await addShow({ on_sale_at: "2027-02-01T10:00:00Z" });
    expect(error).toBeNull();
    expect(status).toBe(201);
  });

  it("refuses a move of the doors to or before the on-sale time, and a later on-sale time in a change", async () => {
    const { id, error } = await addShow({ on_sale_at: "2027-02-01T10:00:00Z" });
    expect(error).toBeNull();
    const moved = await db.as(TEAM).update("shows", { starts_at: "2027-02-01T10:00:00Z" }, { id });
    expect(moved.error?.message).toMatch(/shows_on_sale_before_doors/);
    const later = await db.as(TEAM).update("shows", { on_sale_at: "2027-05-01T10:00:00Z" }, { id });
    expect(later.error?.message).toMatch(/shows_on_sale_before_doors/);
    // Moved later, with tickets on sale before: taken.
    const fine = await db.as(TEAM).update("shows", { starts_at: "2027-06-01T20:00:00+01:00" }, { id });
    expect(fine.error).toBeNull();
  });
});

describe.each(TARGETS)("$name, rows saved before the rule", (target) => {
  const db: TestDatabase = useDatabase(target, { migrations: migrationsBefore(MIGRATION) });

  it("takes the on-sale time away in the migration, keeping it in the show's history, and the show stays changeable", async () => {
    await showSavedBefore(db, { starts_at: DOORS, price: 18, currency: "EUR", on_sale_at: "2028-04-01T10:00:00Z" });
    await db.migrate(migrationsUpTo(MIGRATION));
    expect(await db.sql("select on_sale_at, price, version from public.shows")).toEqual([
      { on_sale_at: null, price: "18", version: 2 },
    ]);
    const [kept] = await db.sql<{ on_sale: string }>(
      "select show ->> 'on_sale_at' as on_sale from public.shows_history",
    );
    expect(Date.parse(kept!.on_sale)).toBe(Date.parse("2028-04-01T10:00:00Z"));
    const cancelled = await db.as(TEAM).update("shows", { status: "cancelled" }, { id: "galway" });
    expect(cancelled.error).toBeNull();
  });
});
