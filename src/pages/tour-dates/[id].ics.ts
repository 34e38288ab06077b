/** /tour-dates/<id>.ics: one tour date as a calendar file, written at build time. */
import type { APIRoute, GetStaticPaths } from "astro";
import { site } from "../../data/site";
import { tour, type TourDate } from "../../data/tour";
import { icsHeaders, tourDateCalendar, tourDatePages } from "../../data/tour-calendar";
import { onTourCard } from "../../lib/shows";

export const getStaticPaths = (() => tourDatePages(tour.dates)) satisfies GetStaticPaths;

export const GET: APIRoute<{ date: TourDate }> = ({ props, site: configured }) => {
  const now = new Date();
  const listed = onTourCard(props.date, tour.dates, now);
  return new Response(tourDateCalendar(props.date, { siteUrl: configured ?? site.url, now, onTourCard: listed }), {
    headers: icsHeaders,
  });
};
