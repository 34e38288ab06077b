/**
 * The heartbeat the scheduled function calls with the anon key: a real query that answers the database's
 * clock, and tells nothing else.
 */
import { describe, expect, it } from "vitest";
import { TARGETS, useDatabase } from "./harness/database";

describe.each(TARGETS)("$name", (target) => {
  const db = useDatabase(target);

  it("answers anyone with the anon key, with the database's clock", async () => {
    const { status, rows, error } = await db.as("anon").rpc("heartbeat");
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(rows).toHaveLength(1);
  });
});
