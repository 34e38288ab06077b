/** The local server `npm start` and the journeys use: it answers as Netlify does, and takes no writes. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CONNECTIONS } from "../server/http.mjs";
import {
  heldConnection,
  statusesAfterIdle,
  statusOnceAnswered,
  statusOnNewConnection,
} from "../server/idle-connection";
import { createStaticServer, listen } from "./static-server.mjs";

let root: string;
let server: Server;
let site: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "stagedoor-static-"));
  writeFileSync(join(root, "index.html"), "<h1>Home</h1>");
  writeFileSync(join(root, "listen.html"), "<h1>Listen</h1>");
  writeFileSync(join(root, "404.html"), "<h1>Not found</h1>");
  writeFileSync(
    join(root, "_headers"),
    "/*\n  Content-Security-Policy: default-src 'none'; connect-src 'self' http://127.0.0.1:54331 ws://127.0.0.1:54331\n",
  );
  server = createStaticServer({ root, backendUrl: "http://127.0.0.1:54331" });
  site = `http://127.0.0.1:${await listen(server, 0)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe("the local static server", () => {
  it("keeps a connection open between two requests six seconds apart, so the second is answered, not reset", async () => {
    expect(await statusesAfterIdle(site, "/listen", 6_000)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
  });

  it("holds at most its cap of connections, refusing one more until another ends", async () => {
    expect(server.maxConnections).toBe(MAX_CONNECTIONS);
    const capped = createStaticServer({ root, maxConnections: 3 });
    const origin = `http://127.0.0.1:${await listen(capped, 0)}`;
    try {
      const held = [];
      for (let count = 0; count < 3; count++) held.push(await heldConnection(origin, "/listen"));
      expect(held.map(({ status }) => status)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200", "HTTP/1.1 200"]);
      expect(await statusOnNewConnection(origin, "/listen")).toBeNull();
      held[0].end();
      expect(await statusOnceAnswered(origin, "/listen")).toBe("HTTP/1.1 200");
    } finally {
      capped.closeAllConnections();
      await new Promise((resolve) => capped.close(resolve));
    }
  });

  it("serves pages by their pretty URL with GET and HEAD", async () => {
    const page = await fetch(`${site}/listen`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe("<h1>Listen</h1>");
    const head = await fetch(`${site}/listen`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "OPTIONS"])(
    "answers %s with 405 and the methods it allows",
    async (method) => {
      const response = await fetch(`${site}/listen`, { method, body: method === "OPTIONS" ? undefined : "a=1" });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(await response.text()).toContain("GET and HEAD only");
    },
  );

  it("sends the build's policy with the local backend listed once, and the 404 page for a miss", async () => {
    const miss = await fetch(`${site}/nowhere`);
    expect(miss.status).toBe(404);
    expect(await miss.text()).toBe("<h1>Not found</h1>");
    expect(miss.headers.get("content-security-policy")).toBe(
      "default-src 'none'; connect-src 'self' http://127.0.0.1:54331 ws://127.0.0.1:54331",
    );
    expect(miss.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});
