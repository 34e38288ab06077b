/**
 * The form refuses at once, with its message for an address that is not one, what no mail server delivers to: the
 * rules of private.deliverable_address() (supabase/migrations/20250120000000_signup_addresses_deliverable.sql),
 * which the database tests hold the database to with the same addresses
 * (supabase/tests/fan-signups-deliverable.test.ts).
 */
import { describe, expect, it } from "vitest";
import { signup } from "../../data/signup";
import { emailProblem } from "./signup";

const label63 = "x".repeat(63);

describe("an address no mail server delivers to", () => {
  it.each([
    ["an empty domain label", "a@x..co"],
    ["a domain starting with a dot", "a@.x.co"],
    ["a domain ending with a dot", "a@x.co."],
    ["a label starting with a hyphen", "a@-x.co"],
    ["a label ending with a hyphen", "a@x-.co"],
    ["a top-level domain ending with a hyphen", "a@x.co-"],
    ["a label of 180 characters", `a@${"x".repeat(180)}.co`],
    ["a label of 64 characters", `a@${label63}x.co`],
    ["a label of 64 letters beyond ASCII", `a@${"é".repeat(64)}.ie`],
    ["a top-level domain of digits", "a@x.123"],
    ["a top-level domain of one character", "a@x.c"],
    ["a name starting with a dot", ".a@x.co"],
    ["a name ending with a dot", "a.@x.co"],
    ["a name with two dots in a row", "a..b@x.co"],
    ["a name of 65 characters", `${"a".repeat(65)}@x.co`],
    ["a name of 66 bytes in 33 letters", `${"é".repeat(33)}@x.co`],
    ["a domain with an underscore", "a@x_y.co"],
    ["a domain with an ASCII sign", "a@x!y.co"],
    ["a domain with an ideographic full stop", "a@mail.例え。jp"],
  ])("refuses %s: %s", (_, email) => {
    expect(emailProblem(email)).toBe("format");
  });

  it("says so in the words the form shows for an address that is not one", () => {
    expect(signup.messages.format).toBe(
      "That doesn't look like an e-mail address. It needs a name, an @ and a domain, like name@example.com.",
    );
  });
});

describe("an address a mail server delivers to", () => {
  it.each([
    ["letters beyond ASCII in the name", "síle@ceol.ie"],
    ["letters beyond ASCII in the domain", "a@bücher.de"],
    ["a tag and a domain of four labels", "niamh+gigs@mail.example.co.uk"],
    ["an xn-- label", "a@xn--bcher-kva.de"],
    ["an xn-- top-level domain", "fan@xn--80ak6aa92e.xn--p1ai"],
    ["a domain of another script", "a@例え.jp"],
    ["hyphens inside a label", "a@my-band-x.ie"],
    ["dots inside the name", "orla.fan.1@example.ie"],
    ["a label of 63 characters", `a@${label63}.co`],
    ["a label of 63 letters beyond ASCII", `a@${"é".repeat(63)}.ie`],
    ["a name of 64 characters", `${"a".repeat(64)}@x.co`],
    ["a name of 64 bytes in 32 letters", `${"é".repeat(32)}@x.co`],
    ["a top-level domain starting with a digit", "a@x.3com"],
    ["a label of digits below the top level", "a@123.example.com"],
  ])("accepts %s: %s", (_, email) => {
    expect(emailProblem(email)).toBeNull();
  });
});
