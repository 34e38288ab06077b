/**
 * Reads vCard text as strictly as RFC 6350 allows, for the tests that check what an address book
 * gets: lines unfolded (§3.2), every property's value split at each unescaped `;` (its fields) and
 * each unescaped `,` (a field's values), then `\\`, `\;`, `\,` and `\n` unescaped (§3.4). A writer
 * that leaves a `;` or `,` bare in a one-value property such as FN shows up here as more than one
 * field or value, as it does in the readers that split there. (ical.js is no help for this: it
 * keeps the backslash of an escaped semicolon in a vCard 4.0 text value.)
 */

export type StrictProperty = {
  /** The property's name in upper case: "FN", "N", "TEL". */
  name: string;
  /** Its parameters as written: ["VALUE=uri"]. */
  params: string[];
  /** Its fields, each a list of values. */
  fields: string[][];
};

/** The text of one field value with its escapes resolved. */
function unescapeValue(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === "n" || char === "N" ? "\n" : char));
}

/** Splits at every occurrence of `separator` that no backslash escapes. */
function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === "\\" && index + 1 < text.length) {
      current += char + text[index + 1];
      index += 1;
    } else if (char === separator) {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

function readProperty(line: string): StrictProperty {
  // The first colon outside a quoted parameter value ends the name and parameters.
  let inQuotes = false;
  let colon = -1;
  for (let index = 0; index < line.length && colon < 0; index += 1) {
    if (line[index] === '"') inQuotes = !inQuotes;
    else if (line[index] === ":" && !inQuotes) colon = index;
  }
  if (colon < 0) throw new Error(`not a content line: ${JSON.stringify(line)}`);
  const [name, ...params] = line.slice(0, colon).split(";");
  const fields = splitUnescaped(line.slice(colon + 1), ";").map((field) =>
    splitUnescaped(field, ",").map(unescapeValue),
  );
  return { name: name.toUpperCase(), params, fields };
}

/** Every card in the text, each as its properties in order (BEGIN and END left out). */
export function readVCardsStrictly(text: string): StrictProperty[][] {
  if (!text.endsWith("\r\n") || /(?<!\r)\n|\r(?!\n)/.test(text)) throw new Error("lines must end with CRLF");
  const lines = text
    .slice(0, -2)
    .replace(/\r\n[ \t]/g, "")
    .split("\r\n");
  const cards: StrictProperty[][] = [];
  let card: StrictProperty[] | null = null;
  for (const property of lines.map(readProperty)) {
    const value = property.fields[0]?.[0]?.toUpperCase();
    if (property.name === "BEGIN" && value === "VCARD" && card === null) card = [];
    else if (property.name === "END" && value === "VCARD" && card !== null) {
      cards.push(card);
      card = null;
    } else if (card === null) throw new Error(`${property.name} outside a card`);
    else card.push(property);
  }
  if (card !== null) throw new Error("a card without END:VCARD");
  return cards;
}

/** The one card in the text, as a map from property name to its fields (each name once). */
export function readVCardStrictly(text: string): Map<string, StrictProperty> {
  const cards = readVCardsStrictly(text);
  if (cards.length !== 1) throw new Error(`expected one card, found ${cards.length}`);
  const properties = new Map<string, StrictProperty>();
  for (const property of cards[0]) {
    if (properties.has(property.name)) throw new Error(`${property.name} twice`);
    properties.set(property.name, property);
  }
  return properties;
}
