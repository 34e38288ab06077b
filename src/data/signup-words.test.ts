import { describe, expect, it } from "vitest";
import { interests, signup } from "./signup";

describe("the sign-up form's words", () => {
  it("label the form as the listen page promises", () => {
    expect(signup.heading).toBe("Sign up for news");
    expect(signup.emailLabel).toBe("Your e-mail address");
    expect(signup.submit).toBe("Sign me up");
  });

  it("offer all news or only the T-shirts, all news first", () => {
    expect(interests.map((interest) => [interest.value, interest.label])).toEqual([
      ["all", "All news: new music, tour dates and merch"],
      ["tshirts", "Only when the T-shirts are out"],
    ]);
  });

  it("thank a fan, and say what is wrong with an address in words", () => {
    expect(signup.messages.done).toBe("You're on the list. Thank you!");
    expect(signup.messages.empty).toBe("Please enter your e-mail address.");
    expect(signup.messages.format).toMatch(/^That doesn't look like an e-mail address\./);
  });

  it("give an address to write to where the form cannot run", () => {
    expect(signup.noScript).toMatch(/^This form needs JavaScript\. .*write to \S+@\S+\.$/);
  });

  it("send the merch page's visitors to the form with T-shirts chosen", () => {
    expect(signup.href).toBe("/listen#signup");
    expect(signup.tshirtsHref).toBe("/listen?for=tshirts#signup");
  });
});
