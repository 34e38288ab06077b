/** sitemap.xml of the public pages (the team tools are noindex and left out). */
import type { APIRoute } from "astro";
import { PUBLIC_PAGES } from "../data/pages.mjs";
import { site } from "../data/site";

export const GET: APIRoute = ({ site: configured }) => {
  const base = configured ?? new URL(site.url);
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${new URL(path, base).href}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
};
