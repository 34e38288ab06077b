/**
 * The sign-up list's tests' kit: the list on a fake client, with a team session that counts how often it is
 * watched and records the refusals it is told of, and a list already read.
 */
import { vi } from "vitest";
import { settle } from "../../test/deferred";
import { fakeClient } from "../../test/fake-client";
import type { FansClient } from "./fans.api";
import { createFansList } from "./fans.store";

export const row = (email: string, created_at = "2025-03-07T09:05:00+00:00", interest = "all") => ({
  id: `id-${email}`,
  email,
  interest,
  created_at,
});

/**
 * A sign-up list on a fake client, with a team session that counts how often it is watched and records the
 * refusals it is told of (the page's first opening).
 */
export function setup() {
  const fake = fakeClient();
  const watching = { count: 0 };
  const refuse = vi.fn(async () => {});
  /** The page's opening (one per sign-in): a test moves it on to a new sign-in while a call is on its way. */
  const opening = { current: 1 };
  const list = createFansList({
    client: async () => fake.client as unknown as FansClient,
    session: {
      watch: () => {
        watching.count += 1;
        return () => (watching.count -= 1);
      },
      currentOpening: () => opening.current,
      refuse,
    },
    now: () => Date.parse("2025-03-08T10:00:00Z"),
  });
  return { ...fake, list, watching, refuse, opening };
}

export const emails = (list: ReturnType<typeof setup>["list"]) => list.$signups.get()?.map((signup) => signup.email);

/** Started, with the list read. */
export async function loaded(rows = [row("new@example.com"), row("old@example.com")]) {
  const fake = setup();
  const stop = fake.list.start();
  await settle();
  fake.waitingReads()[0].answer(rows);
  await settle();
  return { ...fake, stop };
}
