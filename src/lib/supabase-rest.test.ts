// The client of Auth and REST alone, with its real parts, against a server played by a recorded fetch:
// what each request carries is what a hosted project checks (the key, and whose token).
import { createRestClient } from "./supabase-rest";

const URL_BASE = "https://project-ref.supabase.co";
const KEY = "anon-key";

/** A session as Auth answers a sign-in or a refresh, its token valid for `seconds`. */
function session(accessToken: string, refreshToken: string, seconds: number) {
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: "bearer",
    expires_in: seconds,
    expires_at: Math.floor(Date.now() / 1000) + seconds,
    user: { id: "7f0c2a4e-1b61-4a3e-9d7c-2f1e0b6a9c11", aud: "authenticated", role: "authenticated" },
  };
}

type Sent = { method: string; path: string; apikey: string | null; authorization: string | null };

/** A project that signs in with token-1 (valid for `firstTokenSeconds`), refreshes to token-2 and answers every read with []. */
function fakeProject(firstTokenSeconds = 3600) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const headers = new Headers(init?.headers);
    sent.push({
      method: init?.method ?? "GET",
      path: `${url.pathname}${url.search}`,
      apikey: headers.get("apikey"),
      authorization: headers.get("Authorization"),
    });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    if (url.pathname === "/auth/v1/token" && url.searchParams.get("grant_type") === "password") {
      return json(session("token-1", "refresh-1", firstTokenSeconds));
    }
    if (url.pathname === "/auth/v1/token") return json(session("token-2", "refresh-2", 3600));
    if (url.pathname === "/auth/v1/logout") return new Response(null, { status: 204 });
    return json([]);
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

const reads = (sent: Sent[]) => sent.filter(({ path }) => path.startsWith("/rest/v1/"));

test("sends the project's key with every request, and the signed-in session's token with every read and write", async () => {
  const project = fakeProject();
  const client = createRestClient(URL_BASE, KEY, { fetch: project.fetch });

  await client.from("contacts").select("*");
  const { error } = await client.auth.signInWithPassword({ email: "team@example.com", password: "secret" });
  expect(error).toBeNull();
  await client.from("contacts").insert({ id: "ada", name: "Ada", role: "Booker" });
  await client.rpc("fan_signups_refused");

  expect(project.sent).toEqual([
    { method: "GET", path: "/rest/v1/contacts?select=*", apikey: KEY, authorization: `Bearer ${KEY}` },
    { method: "POST", path: "/auth/v1/token?grant_type=password", apikey: KEY, authorization: `Bearer ${KEY}` },
    { method: "POST", path: "/rest/v1/contacts", apikey: KEY, authorization: "Bearer token-1" },
    { method: "POST", path: "/rest/v1/rpc/fan_signups_refused", apikey: KEY, authorization: "Bearer token-1" },
  ]);
});

test("refreshes a token about to expire before the next read, which carries the new one", async () => {
  const project = fakeProject(30);
  const client = createRestClient(URL_BASE, KEY, { fetch: project.fetch });
  const events: string[] = [];
  client.auth.onAuthStateChange((event) => void events.push(event));

  await client.auth.signInWithPassword({ email: "team@example.com", password: "secret" });
  await client.from("contacts").select("*");

  expect(project.sent.map(({ path }) => path)).toContain("/auth/v1/token?grant_type=refresh_token");
  expect(reads(project.sent).map(({ authorization }) => authorization)).toEqual(["Bearer token-2"]);
  expect(events).toContain("TOKEN_REFRESHED");
  client.auth.stopAutoRefresh();
});

test("after signing out, reads go with the project's key alone and the sign-out is heard", async () => {
  const project = fakeProject();
  const client = createRestClient(URL_BASE, KEY, { fetch: project.fetch });
  const events: string[] = [];
  client.auth.onAuthStateChange((event) => void events.push(event));

  await client.auth.signInWithPassword({ email: "team@example.com", password: "secret" });
  await client.auth.signOut({ scope: "local" });
  await client.from("contacts").select("*");

  expect(reads(project.sent).map(({ authorization }) => authorization)).toEqual([`Bearer ${KEY}`]);
  expect(events).toContain("SIGNED_OUT");
});
