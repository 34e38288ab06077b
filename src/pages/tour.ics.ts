/** /tour.ics: every tour date in one calendar file, written at build time. */
import type { APIRoute } from "astro";
import { site } from "../data/site";
import { tour } from "../data/tour";
import { icsHeaders, tourFeedCalendar } from "../data/tour-calendar";

export const GET: APIRoute = ({ site: configured }) =>
  new Response(tourFeedCalendar(tour.dates, { siteUrl: configured ?? site.url, now: new Date() }), {
    headers: icsHeaders,
  });
