// @ts-check
/**
 * Countries by their two letters (ISO 3166-1), named in English as the browser names them: the team's form takes a
 * venue's country by them (src/features/calendar/calendar.places.ts), and the tour's calendar and the team's feed
 * name it in a venue's address. One module, so what counts as a country is the same everywhere.
 */

/** Region codes the browser names that are not a country a venue is in. */
const NOT_COUNTRIES = new Set(["EU", "EZ", "FX", "QO", "UN", "ZZ"]);
/**
 * Codes kept for private use and testing (AA, QM to QZ, XA to XZ, ZZ), whatever the browser calls them
 * ("Pseudo-Accents" is XA); Kosovo's XK is one, yet it is the code every list uses for Kosovo.
 */
const PRIVATE_USE = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;
const IN_USE_PRIVATE = new Set(["XK"]);

/** @type {Intl.DisplayNames | undefined} */
let regions;

/**
 * Whether `code` is a country's code today: not kept for private use or testing, and not retired for another
 * (the browser still names DD "Germany", SU "Russia" and UK "United Kingdom", each now DE, RU and GB).
 * @param {string} code
 */
function inUse(code) {
  if (PRIVATE_USE.test(code) && !IN_USE_PRIVATE.has(code)) return false;
  return Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
}

/**
 * The English name of the country whose two capital letters `code` is ("IE": "Ireland"), or null for letters that
 * name no country in use today (a retired, private or made-up code, a region that is not a country).
 * @param {string} code
 * @returns {string | null}
 */
export function countryName(code) {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code) || !inUse(code)) return null;
  regions ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  const name = regions.of(code);
  return name && name !== code ? name : null;
}

/**
 * A venue's country as its address says it: its name, or its letters as kept when they name no country in use.
 * @param {string} code
 */
export const countryInAddress = (code) => countryName(code) ?? code;
