/**
 * A mistake in the owner's content in her words: zod's findings said as a person says them ("should be text,
 * not 12: put it in quotes"), and the check of a date and time with its time zone, which names a day that does
 * not exist rather than repeating how to write a date. owner-content.ts reports them with the file and line.
 */
import { z } from "astro/zod";
import { ordinal } from "./dates";

const typeWords: Record<string, string> = {
  string: "text",
  number: "a number",
  boolean: "true or false",
  object: "a group of fields",
  array: "a list",
};

/** A value as the owner typed it, for a message: text in quotes, a number as it is. */
export function shown(value: unknown): string {
  if (value === null || value === undefined) return "empty";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return Array.isArray(value) ? "a list" : "a group of fields";
}

/** Zod's findings in the owner's words. */
export const ownerErrorMap: z.ZodErrorMap = (issue, context) => {
  const value = shown(context.data);
  switch (issue.code) {
    case "invalid_type":
      if (issue.received === "undefined") return { message: "missing" };
      if (issue.expected === "string" && (issue.received === "number" || issue.received === "boolean")) {
        return { message: `should be text, not ${value}: put it in quotes ("${value}")` };
      }
      return { message: `should be ${typeWords[issue.expected] ?? issue.expected}, not ${value}` };
    case "invalid_enum_value":
      return { message: `${value} is not one of: ${issue.options.join(", ")}` };
    case "invalid_string":
      if (issue.validation === "url") return { message: `${value} is not a web address: write it whole, https://…` };
      if (issue.validation === "email") return { message: `${value} is not an e-mail address` };
      return { message: `${value} is not written as expected` };
    case "too_small":
      return { message: issue.type === "string" ? "is empty" : `needs at least ${issue.minimum}` };
    case "unrecognized_keys":
      return { message: `has no field ${issue.keys.map((key) => `"${key}"`).join(", ")} (a typo?)` };
    default:
      return { message: issue.message ?? context.defaultError };
  }
};

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const HOW_TO_WRITE =
  "write year-month-day, T, the time and the offset, like 2027-03-12T20:00:00+00:00 (+01:00 in Irish summer " +
  "time), or end it with Z for UTC";

const monthName = new Intl.DateTimeFormat("en-IE", { month: "long", timeZone: "UTC" });

/**
 * What is wrong with `text` as a date and time, in the owner's words, or undefined when it is an ISO 8601
 * date and time with a time zone that names a day and a time that exist. Written the right way but naming
 * a day that is not in the calendar, it says so ("February 2027 has no 30th") rather than repeating how to
 * write a date, which the owner did.
 */
export function dateTimeProblem(text: string): string | undefined {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return `${shown(text)} is not a date and time with its time zone: ${HOW_TO_WRITE}`;
  const [year, month, day, hour, minute, second = 0] = match.slice(1, 7).map((part) => (part ? Number(part) : 0));
  if (month < 1 || month > 12) return `${shown(text)} has no month ${match[2]}: the months are 01 to 12`;
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) {
    const name = `${monthName.format(new Date(Date.UTC(2000, month - 1, 1)))} ${year}`;
    const leap = month === 2 && day === 29 ? ` (${year} is not a leap year)` : "";
    return `${shown(text)} is a day that does not exist: ${name} has no ${day === 0 ? "day 0" : ordinal(day)}${leap}`;
  }
  if (hour > 23 || minute > 59 || second > 59) {
    return `${shown(text)} has no time ${text.slice(11, match[6] ? 19 : 16)}: the day's times are 00:00 to 23:59`;
  }
  return undefined;
}

/** A date and time as the content writes it: ISO 8601 with the time zone, kept as the text typed. */
export const zonedDateTime = z.string().superRefine((text, context) => {
  const problem = dateTimeProblem(text);
  if (problem) context.addIssue({ code: "custom", message: problem });
});
