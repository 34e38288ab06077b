import { describe, expect, it } from "vitest";
import { notFound } from "./not-found";

describe("the not-found page", () => {
  it("uses the error page's heading, then says 404 Not Found", () => {
    expect(notFound.heading).toBe("Unexpected Application Error!");
    expect(notFound.status).toBe("404 Not Found");
    expect(notFound.title).toBe("404 Not Found");
  });

  it("leads back home", () => {
    expect(notFound.homeLink).toEqual({ label: "Go to the home page", href: "/" });
  });
});
