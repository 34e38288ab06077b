import { afterEach, describe, expect, it, vi } from "vitest";
import { countryOf, currencyOf } from "./calendar.places";
import { typedShow } from "./calendar.fake";
import { rescheduleProblem, showFromDraft, type ShowDraft } from "./calendar.publish";

const NOW = new Date("2026-11-26T12:00:00Z");

describe("a venue's country as typed", () => {
  it.each([
    ["IE", "IE", "Ireland"],
    ["ie", "IE", "Ireland"],
    [" Ireland ", "IE", "Ireland"],
    ["united  kingdom", "GB", "United Kingdom"],
    ["UK", "GB", "United Kingdom"],
    ["France", "FR", "France"],
    ["ir", "IR", "Iran"],
    ["England", "GB", "United Kingdom"],
    ["scotland", "GB", "United Kingdom"],
    ["Wales", "GB", "United Kingdom"],
    ["Northern  Ireland", "GB", "United Kingdom"],
    ["Great Britain", "GB", "United Kingdom"],
    ["USA", "US", "United States"],
    ["US", "US", "United States"],
    ["Holland", "NL", "Netherlands"],
    ["Czech Republic", "CZ", "Czechia"],
    ["Czechia", "CZ", "Czechia"],
    ["Turkey", "TR", "Türkiye"],
    ["Türkiye", "TR", "Türkiye"],
    ["NI", "NI", "Nicaragua"],
  ])("takes %j as %s, %s", (typed, code, name) => {
    expect(countryOf(typed)).toEqual({ code, name });
  });

  it.each(["", "Ir land", "Irlande", "XX", "ZZ", "EU", "I", "IRL"])("knows no country by %j", (typed) => {
    expect(countryOf(typed)).toBeNull();
  });

  it.each([
    ["Germany", "DE", "Germany"],
    ["Vietnam", "VN", "Vietnam"],
    ["Yemen", "YE", "Yemen"],
    ["Serbia", "RS", "Serbia"],
    ["Zimbabwe", "ZW", "Zimbabwe"],
    ["Vanuatu", "VU", "Vanuatu"],
    ["Myanmar (Burma)", "MM", "Myanmar (Burma)"],
    ["Curaçao", "CW", "Curaçao"],
    ["Russia", "RU", "Russia"],
    ["Benin", "BJ", "Benin"],
    ["Kosovo", "XK", "Kosovo"],
  ])("takes %j as the code in use today, %s, never a retired one", (typed, code, name) => {
    expect(countryOf(typed)).toEqual({ code, name });
  });

  it.each(["DD", "SU", "YU", "CS", "VD", "YD", "RH", "NH", "BU", "AN", "ZR", "TP", "DY", "HV", "FX"])(
    "refuses %j, a code retired for another, as it refuses one it does not know",
    (typed) => {
      expect(countryOf(typed)).toBeNull();
    },
  );

  it.each(["XA", "XB", "Pseudo-Accents", "Pseudo-Bidi", "QO", "Outlying Oceania", "AA", "QM", "XZ"])(
    "refuses %j, a code kept for testing or private use",
    (typed) => {
      expect(countryOf(typed)).toBeNull();
    },
  );
});

describe("a price's currency as typed", () => {
  it("takes the three letters of a currency, in any case, and says its name", () => {
    expect(currencyOf("eur")).toEqual({ code: "EUR", name: "Euro" });
    expect(currencyOf(" GBP ")).toEqual({ code: "GBP", name: "British Pound" });
    for (const typed of ["euro", "EU", "XYZ", "€", ""]) expect(currencyOf(typed), typed).toBeNull();
  });

  describe("in a browser with no list of the currencies it knows (Safari before 15.4, Chrome before 99)", () => {
    const supportedValuesOf = Intl.supportedValuesOf;
    afterEach(() => {
      Intl.supportedValuesOf = supportedValuesOf;
    });

    it("takes any three letters, in any case, and never fails the form", async () => {
      (Intl as { supportedValuesOf?: unknown }).supportedValuesOf = undefined;
      vi.resetModules();
      const places = await import("./calendar.places");
      expect(places.currencyOf(" eur ")).toEqual({ code: "EUR", name: "Euro" });
      expect(places.currencyHint("gbp")).toBe("British Pound (GBP)");
      expect(places.currencyOf("XYZ")).toEqual({ code: "XYZ", name: "XYZ" });
      for (const typed of ["euro", "EU", "€", "E1R", ""]) expect(places.currencyOf(typed), typed).toBeNull();
    });
  });
});

describe("the show a form puts on the website", () => {
  const filled: ShowDraft = { ...typedShow, doors: "20:00", price: "18" };
  const put = (draft: Partial<ShowDraft>, date = "2027-07-10") =>
    showFromDraft({ ...filled, ...draft }, "e1", date, NOW);

  it("is in the country named, never one its first two letters spell", () => {
    expect(put({ country: "Ireland" }).row?.venue_country).toBe("IE");
    expect(put({ country: "Irlande" }).problems).toEqual({
      country: "a country, by its two letters (IE, GB, FR) or its name in English",
    });
    expect(put({ country: "Germany" }).row?.venue_country).toBe("DE");
    expect(put({ country: "DD" }).problems).toEqual({
      country: "a country, by its two letters (IE, GB, FR) or its name in English",
    });
  });

  it("is priced in a currency there is, never one cut from a word", () => {
    expect(put({ currency: "gbp" }).row?.currency).toBe("GBP");
    expect(put({ currency: "euro" }).problems).toEqual({ currency: "a currency's three letters: EUR, GBP" });
  });

  it("is within three years from today, a mistyped year refused", () => {
    expect(put({}, "2029-11-25").row).toBeDefined();
    expect(put({}, "9999-12-31").problems).toEqual({ doors: "a day within three years from today" });
    const show = { starts_at: "2027-07-10T19:00:00+00:00", time_zone: "Europe/Dublin" };
    expect(rescheduleProblem(show, "9999-12-31T20:00:00.000Z", NOW)).toBe("a day within three years from today");
    expect(rescheduleProblem(show, "2029-11-25T20:00:00.000Z", NOW)).toBeNull();
  });
});
