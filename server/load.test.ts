/**
 * A burst of team writes lands whole and reaches every listening session: nothing refused, lost or doubled.
 * How fast is the bench's to measure and budget (tools/bench/measure-throughput.mjs), not a test's.
 */
import type { SupabaseClient } from "@supabase/supabase-js";
import { describe, expect, it } from "vitest";
import { patient } from "../tools/test-pace.mjs";
import { type Backend, event, signedIn, withBackend } from "./test-helpers";

const INSERTS = 200;
const WRITERS = 5;
const SUBSCRIBERS = 3;

let backend: Backend;
withBackend((started) => (backend = started));

async function listen(supabase: SupabaseClient, seen: Set<string>) {
  const channel = supabase
    .channel("schema-db-changes")
    .on("postgres_changes", { event: "*", schema: "public", table: "calendar_events" }, (payload) => {
      seen.add(String((payload.new as { title: string }).title));
    });
  await new Promise<void>((resolve) => channel.subscribe((status) => status === "SUBSCRIBED" && resolve()));
}

describe("load", () => {
  it(
    `lands ${INSERTS} concurrent inserts from ${WRITERS} team sessions and streams every one to ${SUBSCRIBERS} subscribers`,
    async () => {
      const seen = Array.from({ length: SUBSCRIBERS }, () => new Set<string>());
      await Promise.all(seen.map(async (set) => listen(await signedIn(backend.url), set)));
      const writers = await Promise.all(Array.from({ length: WRITERS }, () => signedIn(backend.url)));

      const results = await Promise.all(
        Array.from({ length: INSERTS }, (_, i) =>
          writers[i % WRITERS].from("calendar_events").insert(event(`Load ${i}`, "2025-09-01")),
        ),
      );
      expect(results.filter((result) => result.error)).toEqual([]);

      const deadline = Date.now() + patient(20_000);
      while (seen.some((set) => set.size < INSERTS) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      for (const set of seen) expect(set.size).toBe(INSERTS);

      const { data } = await (await signedIn(backend.url)).from("calendar_events").select("title");
      expect(data).toHaveLength(INSERTS);
      expect(new Set(data?.map((row) => row.title)).size).toBe(INSERTS);
    },
    patient(60_000),
  );
});
