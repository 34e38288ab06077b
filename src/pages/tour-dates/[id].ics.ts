/** /tour-dates/<id>.ics: one tour date as a calendar file, written at build time. */
import type { APIRoute, GetStaticPaths } from "astro";
import { site } from "../../data/site";
import { tour, type TourDate } from "../../data/tour";
import { icsHeaders, tourDateCalendar, tourDatePages } from "../../data/tour-calendar";

export const getStaticPaths = (() => tourDatePages(tour.dates)) satisfies GetStaticPaths;

export const GET: APIRoute<{ date: TourDate }> = ({ props, site: configured }) =>
  new Response(tourDateCalendar(props.date, { siteUrl: configured ?? site.url, now: new Date(), dates: tour.dates }), {
    headers: icsHeaders,
  });
