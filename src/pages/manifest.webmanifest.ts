/** /manifest.webmanifest: how the site looks once a fan adds it to a home screen (src/lib/site-icons.mjs). */
import type { APIRoute } from "astro";
import { site } from "../data/site";
import { siteSettings } from "../data/site-settings";
import { webManifest } from "../lib/site-icons.mjs";

export const GET: APIRoute = () =>
  new Response(`${JSON.stringify(webManifest({ ...site, description: siteSettings.description }), null, 2)}\n`, {
    headers: { "Content-Type": "application/manifest+json" },
  });
