/**
 * A backend of a journey's own, for what would disturb the journeys running
 * beside it on the shared one: tokens that expire within a minute, a changed
 * team password, lowered flood limits, thousands of rows. The build calls the
 * shared backend's address, so a browser context's requests and realtime
 * sockets to that address are carried to this one instead.
 */
import type { BrowserContext } from "@playwright/test";
import WebSocket from "ws";
import { startBackend } from "../server/backend.mjs";
import { siteOrigins } from "../server/http.mjs";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "../server/local-keys.mjs";
import { builtTeamEmail, DEV_TEAM_PASSWORD } from "../server/team-account.mjs";

/** The backend's options; `allowedOrigins` in place of the test's site alone lets a site of the journey's own call it too. */
type BackendOptions = Omit<NonNullable<Parameters<typeof startBackend>[0]>, "port">;

export type OwnBackend = {
  /** Where it listens (the browser never sees this address: its calls go to the built one). */
  url: string;
  /** Sends this browser context's backend calls here (the test's own context is carried already). */
  carry(context: BrowserContext): Promise<void>;
  /** A REST or Auth call as the service role, for what the team's tools cannot do (seeding, limits, rotation). */
  asServiceRole(path: string, init?: RequestInit): Promise<Response>;
  /** A REST or Auth call with only the public anon key, as anyone who opened the site could make. */
  asOutsider(path: string, init?: RequestInit): Promise<Response>;
  /**
   * A REST call in a session of the team account, signed in over the wire with the development password:
   * what the team's pages may do, and what anyone holding the team password (a leaked one) could do.
   */
  asTeam(path: string, init?: RequestInit): Promise<Response>;
  /**
   * Sets a new team password as the owner does from their terminal (the admin API), which ends every
   * session of the account; resolves to the new password.
   */
  rotateTeamPassword(): Promise<string>;
  /**
   * Sets a new team password as a colleague does from their own team session (PUT /auth/v1/user, which any
   * session may, as on a hosted project): every other session of the account ends; resolves to it.
   */
  changeTeamPasswordFromASession(): Promise<string>;
  close(): Promise<void>;
};

/**
 * What every backend of the journeys starts with, the shared one (e2e/global-setup.ts) and a journey's own:
 * the account the built site signs in to, with the development password the journeys type, and a /token
 * bucket far bigger than GoTrue's 30-request burst, since every journey signs in from the same address.
 */
export const journeyBackendOptions = () => ({
  team: { email: builtTeamEmail(), password: DEV_TEAM_PASSWORD },
  authRateLimit: { burst: 10_000, refillPerSecond: 1_000 },
});

/**
 * Starts a fresh in-memory backend with the journeys' team account and sign-in bucket, plus
 * `options`, for the site at `siteUrl`, whose build calls `builtUrl`.
 */
export async function startOwnBackend(siteUrl: string, builtUrl: string, options: BackendOptions = {}) {
  const backend = await startBackend({
    port: 0,
    ...journeyBackendOptions(),
    allowedOrigins: siteOrigins([Number(new URL(siteUrl).port)]),
    ...options,
  });
  const built = new URL(builtUrl).host;
  const own = new URL(backend.url).host;
  const redirect = (url: string) => url.replace(built, own);
  const sockets = new Set<WebSocket>();

  async function carry(context: BrowserContext): Promise<void> {
    await context.route(
      (url) => url.host === built,
      async (route) => {
        try {
          await route.fulfill({ response: await route.fetch({ url: redirect(route.request().url()) }) });
        } catch {
          // The page went away, or this backend closed, while the call was on its way.
          await route.abort().catch(() => {});
        }
      },
    );
    await context.routeWebSocket(
      (url) => url.host === built,
      (socket) => {
        const server = new WebSocket(redirect(socket.url()));
        sockets.add(server);
        const waiting: string[] = [];
        server.on("open", () => waiting.splice(0).forEach((message) => server.send(message)));
        server.on("message", (message) => socket.send(String(message)));
        server.on("close", () => {
          sockets.delete(server);
          socket.close();
        });
        server.on("error", () => socket.close());
        socket.onMessage((message) =>
          server.readyState === WebSocket.OPEN ? server.send(String(message)) : waiting.push(String(message)),
        );
        socket.onClose(() => server.close());
      },
    );
  }

  /** A call to this backend with `key` as both the API key and the bearer token. */
  const callWith =
    (key: string) =>
    (path: string, init: RequestInit = {}) =>
      fetch(`${backend.url}${path}`, {
        ...init,
        headers: { apikey: key, Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...init.headers },
      });

  let teamToken: Promise<string> | undefined;
  /** A new session of the team account: its access token (it lasts an hour, longer than any journey). */
  const signInAsTeam = async () => {
    const response = await callWith(LOCAL_ANON_KEY)("/auth/v1/token?grant_type=password", {
      method: "POST",
      body: JSON.stringify({ email: builtTeamEmail(), password: DEV_TEAM_PASSWORD }),
    });
    if (!response.ok) throw new Error(`the team could not sign in: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { access_token: string }).access_token;
  };

  return {
    url: backend.url,
    carry,
    asServiceRole: callWith(LOCAL_SERVICE_ROLE_KEY),
    asOutsider: callWith(LOCAL_ANON_KEY),
    async rotateTeamPassword() {
      const listed = await callWith(LOCAL_SERVICE_ROLE_KEY)("/auth/v1/admin/users");
      const { users } = (await listed.json()) as { users: { id: string }[] };
      if (users.length !== 1) throw new Error(`expected the one team account, found ${users.length} accounts`);
      const password = `rotated-${Math.random().toString(36).slice(2)}`;
      const rotated = await callWith(LOCAL_SERVICE_ROLE_KEY)(`/auth/v1/admin/users/${users[0]!.id}`, {
        method: "PUT",
        body: JSON.stringify({ password }),
      });
      if (rotated.status !== 200) throw new Error(`rotating the password: ${rotated.status} ${await rotated.text()}`);
      return password;
    },
    async changeTeamPasswordFromASession() {
      const token = await signInAsTeam();
      const password = `changed-${Math.random().toString(36).slice(2)}`;
      const changed = await callWith(LOCAL_ANON_KEY)("/auth/v1/user", {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}` },
        body: JSON.stringify({ password }),
      });
      if (changed.status !== 200) throw new Error(`changing the password: ${changed.status} ${await changed.text()}`);
      return password;
    },
    async asTeam(path, init = {}) {
      teamToken ??= signInAsTeam();
      const token = await teamToken;
      return callWith(LOCAL_ANON_KEY)(path, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, ...init.headers },
      });
    },
    async close() {
      for (const socket of sockets) socket.terminate();
      await backend.close();
    },
  } satisfies OwnBackend;
}
