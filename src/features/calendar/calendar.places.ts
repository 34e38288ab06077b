/**
 * A venue's country and a price's currency as the team types them: a country by its two letters (IE) or its
 * name in English (Ireland), a currency by its three letters (EUR), each checked against the countries and
 * currencies the browser knows, so that "Ireland" cut to two letters never puts a show in Iran. Each is said
 * back in words beside its field, so what the form took is seen before the show goes on the website.
 */
import { countryName } from "../../lib/countries.mjs";

/**
 * What people write for a country other than its code or the browser's name for it (in capitals): the United
 * Kingdom's code is GB, and the browser says "Czechia" and "Türkiye". NI stays Nicaragua's code.
 */
const ALIASES: Record<string, string> = {
  UK: "GB",
  ENGLAND: "GB",
  SCOTLAND: "GB",
  WALES: "GB",
  "NORTHERN IRELAND": "GB",
  "GREAT BRITAIN": "GB",
  USA: "US",
  HOLLAND: "NL",
  "CZECH REPUBLIC": "CZ",
  TURKEY: "TR",
};

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

let countries: { names: Map<string, string>; codes: Map<string, string> } | undefined;

/** Every country the browser names: its name by code, and its code by name (in lower case). */
function knownCountries() {
  if (countries) return countries;
  const names = new Map<string, string>();
  const codes = new Map<string, string>();
  for (const first of LETTERS) {
    for (const second of LETTERS) {
      const code = first + second;
      const name = countryName(code);
      if (!name) continue;
      names.set(code, name);
      codes.set(name.toLowerCase(), code);
    }
  }
  countries = { names, codes };
  return countries;
}

/** The country `text` names, by its two letters or its English name (any case): its code and name, or null. */
export function countryOf(text: string): { code: string; name: string } | null {
  const { names, codes } = knownCountries();
  const typed = text.trim().replace(/\s+/g, " ");
  const upper = typed.toUpperCase();
  const code = ALIASES[upper] ?? (names.has(upper) ? upper : codes.get(typed.toLowerCase()));
  return code ? { code, name: names.get(code)! } : null;
}

let currencies: { codes: Set<string> | null; names: Intl.DisplayNames } | undefined;

/**
 * The currency whose three letters `text` is (any case): its code and name, or null. A browser with no list of
 * the currencies it knows (Safari before 15.4, Chrome before 99) takes any three letters.
 */
export function currencyOf(text: string): { code: string; name: string } | null {
  // Read once: the field says its currency back at every keystroke.
  currencies ??= {
    codes: typeof Intl.supportedValuesOf === "function" ? new Set(Intl.supportedValuesOf("currency")) : null,
    names: new Intl.DisplayNames(["en"], { type: "currency", fallback: "code" }),
  };
  const code = text.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || (currencies.codes && !currencies.codes.has(code))) return null;
  return { code, name: currencies.names.of(code) ?? code };
}

/** What is said beside the Country field: the country the form takes, or how to name one. */
export function countryHint(text: string): string {
  const country = countryOf(text);
  return country ? `${country.name} (${country.code})` : "Its two letters or its name: IE, Ireland";
}

/** What is said beside the Currency field: the currency the form takes, or how to name one. */
export function currencyHint(text: string): string {
  const currency = currencyOf(text);
  return currency ? `${currency.name} (${currency.code})` : "Three letters: EUR, GBP";
}
