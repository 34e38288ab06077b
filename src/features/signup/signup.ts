/**
 * The sign-up form's rules, the same ones the database checks
 * (supabase/migrations/20250105000000_fan_signups.sql, 20250116000000_signup_addresses_mailable.sql and later): an
 * address of at most 254 characters with a name, an @ and a dotted domain, no spaces, and none of the
 * characters an address may hold only between quotes, nor a letter that only looks like an ordinary one, and one
 * a mail server can deliver to. Also reads the REST answer into what the form says.
 */

/** RFC 5321's limit on a forward path, which the database's check repeats. */
export const MAX_EMAIL_LENGTH = 254;

/** Something@something.something, no spaces, one @ — the same pattern as the SQL check. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What RFC 5322 allows in an address only between quotes, which no fan types: refused, as the SQL check does. */
const QUOTED_ONLY = /[[\]<>()\\,;:"]/;

/** RFC 5321's limits: a name (the local part) of 64 bytes, a domain label of 63 characters. */
const MAX_LOCAL_BYTES = 64;
const MAX_LABEL_LENGTH = 63;
/**
 * What a domain label may not hold: an ASCII character other than a letter, a digit or a hyphen, nor the ideographic
 * full stop, which IDNA reads as a dot. The other characters beyond ASCII are the look-alike and invisible rules'.
 */
const NOT_IN_LABEL = /[^A-Za-z0-9\-\u0080-\u3001\u3003-\u{10ffff}]/u;

/**
 * Whether a mail server can deliver to `email` (one @, no spaces), as private.deliverable_address() in
 * supabase/migrations/20250120000000_signup_addresses_deliverable.sql has it: a name of at most 64 bytes in UTF-8
 * that neither starts nor ends with a dot nor holds two in a row; a domain of two or more labels, each of 1 to 63
 * characters (a letter beyond ASCII counts as one) of letters, digits and hyphens, neither starting nor ending with
 * a hyphen; a top-level domain of more than one character and not only digits.
 */
function deliverable(email: string): boolean {
  const at = email.indexOf("@");
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  const topLevel = labels.at(-1)!;
  return (
    new TextEncoder().encode(local).length <= MAX_LOCAL_BYTES &&
    !/^\.|\.\.|\.$/.test(local) &&
    labels.length >= 2 &&
    labels.every(
      (label) =>
        label !== "" &&
        [...label].length <= MAX_LABEL_LENGTH &&
        !NOT_IN_LABEL.test(label) &&
        !label.startsWith("-") &&
        !label.endsWith("-"),
    ) &&
    [...topLevel].length > 1 &&
    !/^[0-9]+$/.test(topLevel)
  );
}

export type EmailProblem = "empty" | "tooLong" | "format" | "lookalike";

/**
 * A character beyond ASCII whose lower case starts with an ASCII letter (the dotted capital I, U+0130, reads as
 * i): the database refuses such an address, which could stand for someone else's
 * (20250117000000_signup_repeat_keeps_address.sql, where lower() folds it). The Kelvin sign, which the database
 * refuses too, never reaches it from the form: NFC makes it the K it stands for.
 */
const lookalike = (character: string) => character > "\u007f" && character.toLowerCase()[0]! <= "\u007f";

/**
 * What an address copied from an e-mail, a web page or a PDF often carries unseen: a soft hyphen where a line
 * could break, a zero-width space, joiner or non-joiner, a word joiner, a byte-order mark. The database refuses
 * an address holding any of them; the fan sees none of them and means the address without.
 */
const PASTED_INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/**
 * The address as it will be sent: what was typed, trimmed, without what pasting left unseen, and with each
 * accented letter as one character (NFC: an "ë" some keyboards send as "e" and a combining diaeresis, which the
 * database refuses, is the "ë" it keeps).
 */
export function normaliseEmail(typed: string): string {
  return typed.normalize("NFC").replace(PASTED_INVISIBLE, "").trim();
}

/** Why an address would be refused, or null when it is fine. */
export function emailProblem(typed: string): EmailProblem | null {
  const email = normaliseEmail(typed);
  if (email === "") return "empty";
  // In characters, as the database counts them: a character past U+FFFF is one, not two of JavaScript's.
  if ([...email].length > MAX_EMAIL_LENGTH) return "tooLong";
  if (!EMAIL_PATTERN.test(email) || QUOTED_ONLY.test(email) || !deliverable(email)) return "format";
  // A compatibility letter (the Angstrom sign for Å, fullwidth letters, ligatures, the long s): refused by the
  // database too (20250118000000_signup_addresses_compatibility_letters.sql).
  if ([...email].some(lookalike) || email.normalize("NFKC") !== email) return "lookalike";
  return null;
}

export type SignupOutcome = "done" | "busy" | "format" | "failed";

/**
 * What the REST answer means for the fan. 201 is the only success, for a new and a repeated
 * address alike. The flood cap answers 429 (SQLSTATE PT429); a check the browser missed, 400 with
 * SQLSTATE 23514; anything else is a failure worth trying again.
 */
export function signupOutcome(status: number, code?: string | null): SignupOutcome {
  if (status === 201) return "done";
  if (status === 429 || code === "PT429") return "busy";
  if (status === 400 && (code === "23514" || code === "22001")) return "format";
  return "failed";
}
