// The changes on their way to the database, which Sign out waits for: counted from the client's fetch.
import { expect, test } from "vitest";
import { deferred, settle } from "../test/deferred";
import { changeOnItsWay, changesAnswered, changesOnTheirWay, countingChanges } from "./changes-on-their-way";

test("waits for the changes on their way, not the reads, and says whether they all went through", async () => {
  const replies = [deferred<Response>(), deferred<Response>(), deferred<Response>()];
  let next = 0;
  const send = countingChanges(() => replies[next++].promise);
  void send("https://project.example/rest/v1/contacts?select=*");
  void send("https://project.example/rest/v1/contacts", { method: "POST" }).catch(() => {});
  void send("https://project.example/rest/v1/contacts?id=eq.1", { method: "PATCH" }).catch(() => {});
  expect(changesOnTheirWay()).toBe(2);
  let answered: boolean | undefined;
  void changesAnswered().then((all) => (answered = all));
  replies[1].resolve(new Response(null, { status: 201 }));
  await Promise.resolve();
  expect(answered).toBeUndefined();
  // The second change never reaches the server.
  replies[2].reject(new TypeError("Failed to fetch"));
  await expect.poll(() => answered).toBe(false);
  expect(changesOnTheirWay()).toBe(0);
  // The read, still on its way, is not waited for; and with nothing on its way, there is nothing to wait for.
  expect(await changesAnswered()).toBe(true);
});

test("does not wait for a database function that only reads, nor count its failure as a change not saved", async () => {
  const refused = deferred<Response>();
  const made = deferred<Response>();
  const replies = [refused, made];
  let next = 0;
  const send = countingChanges(() => replies[next++].promise);
  // The sign-up list reads how many sign-ups were refused as it opens: a POST, as supabase-js calls any function.
  void send("https://project.example/rest/v1/rpc/fan_signups_refused", { method: "POST" }).catch(() => {});
  expect(changesOnTheirWay()).toBe(0);
  refused.reject(new TypeError("Failed to fetch"));
  expect(await changesAnswered()).toBe(true);
  // A function that changes something is still waited for.
  void send(new URL("https://project.example/rest/v1/rpc/new_calendar_feed_address"), { method: "POST" });
  expect(changesOnTheirWay()).toBe(1);
  made.resolve(new Response("{}", { status: 200 }));
  expect(await changesAnswered()).toBe(true);
  expect(changesOnTheirWay()).toBe(0);
});

test("waits for a change sent while Sign out waits, and for one of several requests until it says it is done", async () => {
  const first = deferred<Response>();
  const second = deferred<Response>();
  const replies = [first, second];
  let next = 0;
  const send = countingChanges(() => replies[next++].promise);
  void send("https://project.example/rest/v1/contacts", { method: "POST" });
  let answered: boolean | undefined;
  void changesAnswered().then((all) => (answered = all));
  // Add Contact pressed while "Signing out…" is said: sent after the wait began.
  void send("https://project.example/rest/v1/contacts", { method: "POST" }).catch(() => {});
  first.resolve(new Response(null, { status: 201 }));
  await settle();
  expect(answered).toBeUndefined();
  second.reject(new TypeError("Failed to fetch"));
  await expect.poll(() => answered).toBe(false);

  const done = changeOnItsWay();
  expect(changesOnTheirWay()).toBe(1);
  answered = undefined;
  void changesAnswered().then((all) => (answered = all));
  await settle();
  expect(answered).toBeUndefined();
  done(true);
  await expect.poll(() => answered).toBe(true);
  expect(changesOnTheirWay()).toBe(0);
});
