import { describe, expect, it, vi } from "vitest";
import { signup } from "../../data/signup";
import { addSignup } from "./signup.api";
import { emailProblem, MAX_EMAIL_LENGTH, normaliseEmail, signupOutcome } from "./signup";

describe("checking an address in the browser", () => {
  it("accepts an ordinary address, spaces around it trimmed", () => {
    expect(emailProblem("fan@example.com")).toBeNull();
    expect(emailProblem("  Orla.Fan+news@mail.example.ie ")).toBeNull();
  });

  it("sends a pasted address without what pasting left unseen, and an accented letter as one character", () => {
    expect(normaliseEmail("fan@exa\u00admple.com")).toBe("fan@example.com");
    expect(normaliseEmail("\ufefffan\u200b@example.com\u2060 ")).toBe("fan@example.com");
    expect(normaliseEmail("zoe\u0308@example.com")).toBe("zo\u00eb@example.com");
    expect(emailProblem("fan@exa\u00admple.com")).toBeNull();
    // A control that turns the text around is no paste's accident: it is sent as typed, and refused.
    expect(normaliseEmail("a\u202egnp.exe@x.co")).toBe("a\u202egnp.exe@x.co");
  });

  it("asks for an address when there is none", () => {
    expect(emailProblem("")).toBe("empty");
    expect(emailProblem("   ")).toBe("empty");
  });

  it("refuses an address without a name, an @ or a dotted domain, or with a space", () => {
    for (const typed of ["fan", "fan@", "@example.com", "fan@example", "fan @example.com", "a@b@c.com"]) {
      expect(emailProblem(typed), typed).toBe("format");
    }
  });

  it("refuses what an address holds only between quotes, as the database does, and keeps letters of any script", () => {
    for (const typed of ["<script>alert(1)</script>@x.ie", 'fan"@example.com', "a,b@example.com", "fan@[1.2.3.4].ie"]) {
      expect(emailProblem(typed), typed).toBe("format");
    }
    expect(emailProblem("fan\\@example.com")).toBe("format");
    expect(emailProblem("seán.ó.briain@example.ie")).toBeNull();
    expect(emailProblem("o'brien@example.ie")).toBeNull();
  });

  it("refuses an address over 254 characters, as the database does", () => {
    // The longest a mail server takes: a name of 64 characters, and labels of at most 63.
    const domain = `${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(MAX_EMAIL_LENGTH - 65 - 131)}.ie`;
    expect(emailProblem(`${"a".repeat(64)}@${domain}`)).toBeNull();
    expect(emailProblem(`${"a".repeat(64)}@d${domain}`)).toBe("tooLong");
    // A character past U+FFFF counts once, as in the database, though JavaScript's strings hold it as two.
    const astral = `${"𠀀".repeat(16)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(42)}.ie`;
    expect([...astral]).toHaveLength(MAX_EMAIL_LENGTH);
    expect(emailProblem(astral)).toBeNull();
    expect(emailProblem(`𠀀${astral}`)).toBe("tooLong");
  });

  it("refuses a letter that only looks like an ordinary one, as the database does, anywhere in the address", () => {
    // The dotted capital I (U+0130) reads as i in lower case; the database refuses it, which could stand for
    // another's address.
    for (const typed of ["\u0130pek@example.com", "pek@exampl\u0130.com", "ipek@example.\u0130e"]) {
      expect(emailProblem(typed), typed).toBe("lookalike");
    }
    // Compatibility letters too, which the database refuses as well: fullwidth, a ligature, the long s.
    for (const typed of ["\uFF41lice@example.com", "\uFB01sh@example.com", "\u017Fam@example.ie"]) {
      expect(emailProblem(typed), typed).toBe("lookalike");
    }
    expect(emailProblem("bjorn@\u00E5ngstrom.se")).toBeNull();
    // The Angstrom sign (U+212B) is the letter Å by Unicode's own equivalence: the form sends it as Å.
    expect(normaliseEmail("bjorn@\u212Bngstrom.se")).toBe("bjorn@\u00C5ngstrom.se");
    // The Kelvin sign (U+212A) is the letter K by Unicode's own equivalence: the form sends it as K.
    expect(normaliseEmail("\u212Aate@example.com")).toBe("Kate@example.com");
    expect(emailProblem("\u212Aate@example.com")).toBeNull();
    expect(emailProblem("Siobhán.Ní.Bhriain@example.ie")).toBeNull();
    expect(emailProblem("ÉIRE@EXAMPLE.IE")).toBeNull();
  });

  it("has a clear message for each problem", () => {
    for (const problem of ["empty", "tooLong", "format", "lookalike"] as const) {
      expect(signup.messages[problem]).toMatch(/\w{3}/);
    }
  });
});

describe("reading the answer", () => {
  it("thanks a fan for 201 only, which a repeated address gets too", () => {
    expect(signupOutcome(201)).toBe("done");
    expect(signupOutcome(200)).toBe("failed");
  });

  it("asks to try again in a minute when the flood cap answers", () => {
    expect(signupOutcome(429, "PT429")).toBe("busy");
  });

  it("points at the address when the database's check refuses it", () => {
    expect(signupOutcome(400, "23514")).toBe("format");
    expect(signupOutcome(400, "PGRST102")).toBe("failed");
    expect(signupOutcome(500)).toBe("failed");
  });
});

describe("sending a sign-up", () => {
  const backend = { url: "https://abc.supabase.co/", anonKey: "anon-key" };

  it("POSTs the trimmed address and the choice with the anon key, asking for no row back", async () => {
    const fetcher = vi.fn(async () => new Response(null, { status: 201 }));
    await expect(addSignup(fetcher, backend, { email: " fan@example.com ", interest: "tshirts" })).resolves.toBe(
      "done",
    );
    expect(fetcher).toHaveBeenCalledWith("https://abc.supabase.co/rest/v1/fan_signups", {
      method: "POST",
      headers: expect.objectContaining({
        apikey: "anon-key",
        Authorization: "Bearer anon-key",
        "Content-Type": "application/json",
        Prefer: "return=minimal",
      }),
      body: JSON.stringify({ email: "fan@example.com", interest: "tshirts" }),
    });
  });

  it("reads the error's code from the body", async () => {
    const fetcher = vi.fn(
      async () => new Response(JSON.stringify({ code: "PT429", message: "Too many" }), { status: 429 }),
    );
    await expect(addSignup(fetcher, backend, { email: "a@b.co", interest: "all" })).resolves.toBe("busy");
  });

  it("calls a network failure a failure, not a success", async () => {
    const fetcher = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(addSignup(fetcher, backend, { email: "a@b.co", interest: "all" })).resolves.toBe("failed");
  });
});
