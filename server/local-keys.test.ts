// Where the build and the owner's tools look for the local backend: where `npm start` and `npm run backend` start
// it, BACKEND_PORT included, so a build beside a backend on another port never reads the default port's.
import { describe, expect, it } from "vitest";
import { LOCAL_SUPABASE_URL, localSupabaseUrl } from "./local-keys.mjs";

describe("the local backend's address", () => {
  it("is on BACKEND_PORT when that is set, as npm start and npm run backend listen there", () => {
    expect(localSupabaseUrl({ BACKEND_PORT: "54701" })).toBe("http://127.0.0.1:54701");
    expect(localSupabaseUrl({ BACKEND_PORT: " 54702 " })).toBe("http://127.0.0.1:54702");
  });

  it("is on the default port when BACKEND_PORT is unset or not a port", () => {
    for (const BACKEND_PORT of [undefined, "", "abc", "0", "70000", "5432.5"]) {
      expect(localSupabaseUrl({ BACKEND_PORT }), String(BACKEND_PORT)).toBe(LOCAL_SUPABASE_URL);
    }
    expect(LOCAL_SUPABASE_URL).toBe("http://127.0.0.1:54321");
  });
});
