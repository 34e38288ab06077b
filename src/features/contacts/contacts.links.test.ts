import { describe, expect, it } from "vitest";
import { mailtoHref, telHref } from "./contacts.links";

describe("the phone link", () => {
  it("is digits with a leading + at most", () => {
    expect(telHref("087 123 4567")).toBe("tel:0871234567");
    expect(telHref("(01) 234-5678")).toBe("tel:012345678");
    expect(telHref("+353 87.123.4567")).toBe("tel:+353871234567");
    expect(telHref("0171/1234567")).toBe("tel:01711234567");
  });

  it("turns a leading 00 into + and drops the (0) not dialled from abroad", () => {
    expect(telHref("00353 87 123 4567")).toBe("tel:+353871234567");
    expect(telHref("+353 (0)87 123 4567")).toBe("tel:+353871234567");
    expect(telHref("+44 (0) 20 7946 0018")).toBe("tel:+442079460018");
  });

  it("calls the number and leaves notes out", () => {
    expect(telHref("087 123 4567 (after 6pm)")).toBe("tel:0871234567");
    expect(telHref("Mobile: 087 123 4567")).toBe("tel:0871234567");
    expect(telHref("０８７ １２３ ４５６７")).toBe("tel:0871234567");
  });

  it("is no link without a number to call", () => {
    expect(telHref(null)).toBeNull();
    expect(telHref("")).toBeNull();
    expect(telHref("ask at the desk")).toBeNull();
    expect(telHref("12")).toBeNull();
    expect(telHref("+00")).toBeNull();
  });

  it("never carries anything but digits and +, whatever was typed", () => {
    for (const hostile of [
      "javascript:alert(1)//0871234567",
      "087;phone-context=evil",
      "0871234567?body=x",
      '087"><script>alert(1)</script>',
      "+1 555 0100\n\r%0a",
    ]) {
      const href = telHref(hostile);
      if (href !== null) expect(href).toMatch(/^tel:\+?\d+$/);
    }
  });
});

describe("the e-mail link", () => {
  it("is a mailto: link for an ordinary address", () => {
    expect(mailtoHref("aoife@example.ie")).toBe("mailto:aoife@example.ie");
    expect(mailtoHref("  orla+press@label.co.uk ")).toBe("mailto:orla+press@label.co.uk");
    expect(mailtoHref("seán@ceol.ie")).toBe("mailto:se%C3%A1n@ceol.ie");
    expect(mailtoHref("info@fleadh.éire")).toBe("mailto:info@fleadh.éire");
  });

  it("adds no header, recipient or body however the address is written", () => {
    expect(mailtoHref("a@b.c?bcc=x")).toBeNull();
    expect(mailtoHref("a@b.c?bcc=evil@x.y&body=hi")).toBeNull();
    expect(mailtoHref("a@b.c#frag")).toBeNull();
    expect(mailtoHref("a@b.c%3Fbcc=x")).toBeNull();
    expect(mailtoHref("a@b.c\nbcc: x@y.z")).toBeNull();
    // A ? or & in the local part is legal but is percent-encoded, never a query.
    expect(mailtoHref("what?&x=1@b.ie")).toBe("mailto:what%3F%26x%3D1@b.ie");
  });

  it("is no link for other schemes, markup or text that is not an address", () => {
    for (const hostile of [
      "javascript:alert(1)",
      "javascript:alert(1)//@x.ie",
      "data:text/html,<script>alert(1)</script>",
      '"><img src=x onerror=alert(1)>@x.ie',
      "brian at the label",
      "@example.ie",
      "aoife@",
      "aoife@localhost",
      "a@b..c",
      "a@-b.c",
      "a b@c.ie",
      "a\u200b@c.ie",
      null,
      "",
    ]) {
      const href = mailtoHref(hostile);
      if (href !== null) {
        expect(href).toMatch(/^mailto:[A-Za-z0-9%._~!*'()+-]+@[\p{L}\p{N}.-]+$/u);
      }
    }
    expect(mailtoHref("javascript:alert(1)")).toBeNull();
    expect(mailtoHref("brian at the label")).toBeNull();
  });
});
