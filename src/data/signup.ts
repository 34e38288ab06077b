/**
 * The news sign-up form's words (on /listen, linked from the footer and the
 * merch page): the choice of news, what the address is used for, and every
 * message the form can show. A repeated address gets the same thanks as a new
 * one, so the form never tells who has signed up.
 */
import { signupHref } from "./links";
import { siteSettings } from "./site-settings";

/** What a fan may ask to hear about; the values are fan_signups.interest in the database. */
export const interests = [
  { value: "all", label: "All news: new music, tour dates and merch" },
  { value: "tshirts", label: "Only when the T-shirts are out" },
] as const;

export type Interest = (typeof interests)[number]["value"];

/** The address that removes a fan from the list (and answers questions about it): src/content/site.yaml. */
const newsContact = siteSettings.newsEmail;

export const signup = {
  heading: "Sign up for news",
  intro: "Hear first about new songs, the next tour and the T-shirts.",
  emailLabel: "Your e-mail address",
  interestLegend: "What would you like to hear about?",
  submit: "Sign me up",
  sending: "Signing you up…",
  /** Bots fill every field; people never see this one. */
  honeypotLabel: "Leave this field empty",
  privacy: `We use your address only to e-mail you the news you choose. We never share it, and we delete it when you ask: reply to any of our e-mails or write to ${newsContact}.`,
  /** Shown instead of the form when the browser runs no JavaScript. */
  noScript: `This form needs JavaScript. You can also sign up by e-mail: write to ${newsContact}.`,
  messages: {
    done: "You're on the list. Thank you!",
    empty: "Please enter your e-mail address.",
    tooLong: "That address is too long: it can be at most 254 characters.",
    format: "That doesn't look like an e-mail address. It needs a name, an @ and a domain, like name@example.com.",
    lookalike:
      "That address has a letter that only looks like an ordinary one. Please type it with your keyboard's letters.",
    busy: "Lots of people are signing up right now. Please try again in a minute.",
    failed: "Sorry, we couldn't add you just now. Please check your connection and try again.",
  },
  href: signupHref,
  /** /listen?for=tshirts#signup opens the form with T-shirts chosen (the merch page's link). */
  tshirtsHref: "/listen?for=tshirts#signup",
} as const;
