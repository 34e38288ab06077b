import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyCode } from "./retried";
import { isNetworkFailure } from "../features/team/team";

/** The browser's word on the connection, as a phone that lost its signal gives it. */
function browserOnline(online: boolean) {
  vi.stubGlobal("navigator", { onLine: online });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("lazyCode", () => {
  it("does not ask for code while the browser is offline, so no failed fetch is kept, and fails as a lost connection does", async () => {
    browserOnline(false);
    const load = vi.fn(async () => "the code");

    const refused = lazyCode(load)();

    await expect(refused).rejects.toThrow(TypeError);
    expect(load).not.toHaveBeenCalled();
    // Said to the team as "No connection", as a fetch that failed offline is.
    expect(isNetworkFailure(await refused.catch((error: unknown) => error))).toBe(true);
  });

  it("asks for the code once the browser is back online", async () => {
    browserOnline(false);
    const load = vi.fn(async () => "the code");
    const code = lazyCode(load);
    await code().catch(() => {});

    browserOnline(true);

    await expect(code()).resolves.toBe("the code");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("gives code that has come from then on, offline too, without asking again", async () => {
    const load = vi.fn(async () => "the code");
    const code = lazyCode(load);
    await code();

    browserOnline(false);

    await expect(code()).resolves.toBe("the code");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("asks again after a fetch that failed online, rather than failing for as long as the page is open", async () => {
    const load = vi.fn(async () => {
      if (load.mock.calls.length === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return "the code";
    });
    const code = lazyCode(load);

    await expect(code()).rejects.toThrow("Failed to fetch");
    await expect(code()).resolves.toBe("the code");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("fetches once for calls made while the code is on its way", async () => {
    const load = vi.fn(async () => "the code");
    const code = lazyCode(load);

    await expect(Promise.all([code(), code()])).resolves.toEqual(["the code", "the code"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  describe("once a try has missed, the connection is checked before the code is asked for again", () => {
    /** The page's own address answering, or not, as a connection that says online before it carries anything. */
    function pageAnswers(answers: () => boolean) {
      const ask = vi.fn(async (_url: string, _init?: RequestInit) => {
        if (!answers()) throw new TypeError("Failed to fetch");
        return new Response(null, { status: 200 });
      });
      vi.stubGlobal("fetch", ask);
      vi.stubGlobal("location", { href: "https://orla.example/calendar" });
      return ask;
    }

    it("asks for the code at once on the first try, with no request before it", async () => {
      const ask = pageAnswers(() => true);
      const load = vi.fn(async () => "the code");

      await expect(lazyCode(load)()).resolves.toBe("the code");
      expect(ask).not.toHaveBeenCalled();
    });

    it("after the browser said offline, asks the page's own address, past the cache, and the code only once it answers", async () => {
      let carrying = false;
      const ask = pageAnswers(() => carrying);
      const load = vi.fn(async () => "the code");
      const code = lazyCode(load);
      browserOnline(false);
      await code().catch(() => {});

      // Online, not yet carrying: the code is not asked for, so no failed fetch of it is kept.
      browserOnline(true);
      await expect(code()).rejects.toThrow("Failed to fetch");
      expect(load).not.toHaveBeenCalled();
      expect(ask).toHaveBeenCalledWith("https://orla.example/calendar", { method: "HEAD", cache: "no-store" });

      carrying = true;
      await expect(code()).resolves.toBe("the code");
      expect(load).toHaveBeenCalledTimes(1);
    });

    it("after a fetch of the code failed online, checks the connection before the next", async () => {
      const ask = pageAnswers(() => true);
      const load = vi.fn(async () => {
        if (load.mock.calls.length === 1) throw new TypeError("Failed to fetch dynamically imported module");
        return "the code";
      });
      const code = lazyCode(load);
      await code().catch(() => {});
      expect(ask).not.toHaveBeenCalled();

      await expect(code()).resolves.toBe("the code");
      expect(ask).toHaveBeenCalledTimes(1);
    });
  });

  it("asks for the code where there is no browser to ask (the build, a test in Node)", async () => {
    vi.stubGlobal("navigator", undefined);
    await expect(lazyCode(async () => "the code")()).resolves.toBe("the code");
  });
});
