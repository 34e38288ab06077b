import { describe, expect, it } from "vitest";
import { countryInAddress, countryName } from "./countries.mjs";

describe("a venue's country named in its address", () => {
  it("names a country in use by its English name, Kosovo's XK included", () => {
    expect(countryName("IE")).toBe("Ireland");
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("US")).toBe("United States");
    expect(countryName("XK")).toBe("Kosovo");
  });

  it("names no region that is not a country, no retired code and no private or made-up one", () => {
    // The browser calls these "Unknown Region", "European Union", "Curaçao", "Serbia", "Pseudo-Accents"…
    for (const code of ["ZZ", "EU", "UN", "AN", "YU", "UK", "DD", "XA", "XX", "AA", "QZ"]) {
      expect(countryName(code), code).toBeNull();
    }
    for (const text of ["", "I", "ie", "IRL", "Ireland"]) expect(countryName(text), text).toBeNull();
  });

  it("keeps the letters as they are in an address when they name no country", () => {
    expect(countryInAddress("IE")).toBe("Ireland");
    expect(countryInAddress("ZZ")).toBe("ZZ");
    expect(countryInAddress("AN")).toBe("AN");
  });
});
