/**
 * What each content file may hold (src/content/), as zod schemas: the build checks the files against
 * them (src/content.config.ts), and so do the browser tests and astro.config.mjs, which read some of the
 * files directly. Objects are strict, so a misspelt optional field is reported instead of ignored.
 * The messages are the owner's words (src/lib/owner-content.ts); where zod's own finding would not say
 * what to write, the schema gives its message.
 */
import { existsSync, readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { z } from "astro/zod";
import { contentDir } from "./content-dir.mjs";
import { zonedDateTime } from "./content-problems";
import type { ContentFile } from "./owner-content";

/** The content folder: src/content/, or the tests' fixtures (src/lib/content-dir.mjs). */
const dir = contentDir();

/** Each file, and what one entry of it is called in a message. */
export const contentFiles = {
  tour: { path: `${dir}/tour.yaml` },
  tourDates: { path: `${dir}/tour.yaml`, entryName: "date" },
  releases: { path: `${dir}/releases.yaml`, entryName: "release" },
  links: { path: `${dir}/links.yaml`, entryName: "link" },
  site: { path: `${dir}/site.yaml` },
  merch: { path: `${dir}/merch.yaml` },
  press: { path: `${dir}/press.yaml`, entryName: "contact" },
  photos: { path: `${dir}/photos.yaml`, entryName: "photo" },
  bio: { path: `${dir}/bio.md` },
  epk: { path: `${dir}/epk.md` },
} satisfies Record<string, ContentFile>;

/** The services the site draws an icon for (src/components/ServiceIcon.astro). */
export const serviceIds = ["spotify", "apple-music", "bandcamp", "youtube", "instagram", "tiktok", "facebook"] as const;

/** Text that must say something. */
const text = z.string().trim().min(1);

/** An id as the file lists it (its form is checked as the file is read). */
const id = z.string();

/** A link a visitor follows: a whole https address. */
const webAddress = z
  .string()
  .url()
  // Only once it is an address at all: otherwise url() has said what is wrong.
  .refine((value) => !URL.canParse(value) || value.startsWith("https://"), {
    message: "should start with https:// (a secure address, written whole)",
  });

const email = z.string().email();

/** A country as two capital letters (ISO 3166-1), as addresses and search engines write it. */
const country = z.string().regex(/^[A-Z]{2}$/, { message: "should be the country's two capital letters: IE, GB, FR" });

/** A currency as three capital letters (ISO 4217). */
const currency = z
  .string()
  .regex(/^[A-Z]{3}$/, { message: "should be the currency's three capital letters: EUR, GBP" });

/** A price in the currency's units, with at most the cents: 12, 12.5 or 12.50. */
const price = z
  .number()
  .nonnegative()
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: "should have at most two digits after the point: 12.50",
  });

/** An international phone number as printed: "+44 20 7946 0312". */
const phone = z.string().refine((value) => /^\+[1-9]\d{6,14}$/.test(value.replace(/[\s().-]/g, "")), {
  message: 'should be in international form, a plus, the country code and the number: "+353 1 555 0123"',
});

export const tourSchema = z
  .object({
    /** The card's title. */
    title: text,
    /** The photo beside the card, described. */
    photoAlt: text,
  })
  .strict();

/** How a date stands; a date without one stands as announced. */
export const tourDateStatuses = ["scheduled", "postponed", "rescheduled", "cancelled"] as const;

/** How many tickets are left, as search engines are told. */
export const ticketAvailabilities = ["on-sale", "few-left", "sold-out", "pre-sale"] as const;

export const tourDateSchema = z
  .object({
    id,
    /** Doors. */
    startDate: zonedDateTime,
    venue: z
      .object({
        name: text,
        street: text,
        town: text,
        county: text,
        postalCode: text,
        country,
      })
      .strict(),
    link: webAddress,
    /** What the link is: a ticket shop, or the venue's own site when it sells the tickets itself. */
    kind: z.enum(["ticket", "venue"]),
    status: z.enum(tourDateStatuses).default("scheduled"),
    /** For search engines' event results. */
    tickets: z
      .object({
        price,
        currency,
        availability: z.enum(ticketAvailabilities).optional(),
        /** When tickets go on sale. */
        onSale: zonedDateTime.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/**
 * A published show of the calendar (src/lib/shows-loader.ts), as a tour date: the file's rules, the start it
 * had before it was rescheduled, and whether it is sold out.
 */
export const showSchema = tourDateSchema
  .extend({ previousStartDate: zonedDateTime.optional(), soldOut: z.literal(true).optional() })
  .strict();

const releaseTypes = ["single", "ep", "album"] as const;

/** Where the images the content names are: the project's src/assets/ (the build runs in the project). */
const ASSETS = "src/assets";

/** An image in src/assets/ by its name there: a JPEG, PNG, WebP or AVIF file that is there. */
const assetImage = z
  .string()
  .refine((name) => /^[\w-][\w.-]*(?:\/[\w-][\w.-]*)*\.(?:jpe?g|png|webp|avif)$/i.test(name) && !name.includes(".."), {
    message: `should be the name of an image file in ${ASSETS}/, like mother-cover.jpg or photos/live-1.jpg`,
  })
  .superRefine((name, context) => {
    if (name.includes("..") || existsSync(join(ASSETS, name))) return;
    const near = lookalike(name);
    context.addIssue({
      code: "custom",
      message: near
        ? `names no file in ${ASSETS}/, though ${near} is there: write its name exactly, capitals and ending alike`
        : `names no file in ${ASSETS}/: upload the image there first (on GitHub: Add file → Upload files)`,
    });
  });

/**
 * The image in `name`'s folder of src/assets/ whose name differs from it only in capitals or in .jpg for .jpeg
 * (what a phone or a camera names a file, and a person types), as the content would name it; null when none.
 */
function lookalike(name: string): string | null {
  const folder = dirname(name);
  let files: string[];
  try {
    files = readdirSync(join(ASSETS, folder));
  } catch {
    return null;
  }
  const key = (file: string) => file.toLowerCase().replace(/\.jpeg$/, ".jpg");
  const found = files.find((file) => key(file) === key(basename(name)));
  return found === undefined ? null : folder === "." ? found : `${folder}/${found}`;
}

export const releaseSchema = z
  .object({
    id,
    title: text,
    type: z.enum(releaseTypes),
    /** Her first release of its type. */
    debut: z.boolean().default(false),
    /** The day it comes out. */
    releaseDate: zonedDateTime,
    /** The cover's image: a file in src/assets/, by its name there (mother-cover.jpg). */
    cover: assetImage.optional(),
    coverAlt: text.optional(),
    /** Where it plays, per service. */
    listen: z
      .object({
        spotify: webAddress.optional(),
        "apple-music": webAddress.optional(),
        bandcamp: webAddress.optional(),
        youtube: webAddress.optional(),
      })
      .strict()
      .optional(),
    page: webAddress.optional(),
    /** An embedded player for the press kit (its origin must be in the CSP's frame-src). */
    player: webAddress.optional(),
  })
  .strict()
  .superRefine((release, context) => {
    if (release.listen && !release.cover) {
      context.addIssue({
        code: "custom",
        path: ["cover"],
        message: "missing: a release with listen links is shown with its cover, a file in src/assets/",
      });
    }
    if (release.listen && !release.coverAlt) {
      context.addIssue({
        code: "custom",
        path: ["coverAlt"],
        message: "missing: a release with listen links is shown with its cover, which needs describing",
      });
    }
  });

export const linkSchema = z
  .object({
    id: z.enum(serviceIds),
    name: text,
    kind: z.enum(["streaming", "social"]),
    url: webAddress,
  })
  .strict();

export const siteSchema = z
  .object({
    artistName: text,
    url: webAddress.refine((value) => !value.endsWith("/"), { message: "should not end with a slash" }),
    description: text,
    genres: z.array(text).min(1),
    shareImageAlt: text,
    newsEmail: email,
  })
  .strict();

export const merchSchema = z
  .object({
    name: text,
    badge: text,
    summary: text,
    price,
    currency,
    imageAlt: text,
    thumbnailAlt: text,
    longDescription: z.array(text).min(1),
    orderEmail: email,
  })
  .strict();

export const pressContactSchema = z
  .object({
    id,
    role: z.enum(["Booking", "Press", "Management"]),
    name: text,
    company: text,
    email,
    phone: phone.optional(),
  })
  .strict();

export const photoSchema = z
  .object({
    id,
    /** The photo: a file in src/assets/. */
    image: assetImage,
    alt: text,
    /** Who took it. */
    credit: text,
  })
  .strict();

export const bioSchema = z.object({ heading: text, description: text }).strict();

export const epkSchema = z
  .object({
    genreLine: text,
    /** The release the Latest Release card plays: an id in releases.yaml. */
    release: text,
    /** The profile linked beside it: an id in links.yaml. */
    profile: z.enum(serviceIds),
    shortBio: text,
  })
  .strict();

export type TourDateEntry = z.output<typeof tourDateSchema>;
export type ShowEntry = z.output<typeof showSchema>;
export type ReleaseEntry = z.output<typeof releaseSchema>;
