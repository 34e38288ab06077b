-- A show's tickets go on sale before its doors (shows_on_sale_before_doors).
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- /tour says "On sale from" a show's on-sale time: one at or after its doors (a year or a month mistyped) told fans
-- the tickets were not on sale yet for a show already under way or over. The /calendar form refused it, but the
-- database took it from anyone holding the team's session, and a show moved to doors before its on-sale time kept
-- it. The database now refuses both, naming the check: an insert or a change that leaves on_sale_at at or after
-- starts_at (a move of the doors included: the on-sale time is put right, or taken away, first).
--
-- Rows saved before. Every later update of a row is checked whole, so a show kept with such a time could not
-- even be cancelled. The migration takes the on-sale time away from those shows by an ordinary update (the show's
-- history keeps the version as it was: restorable once its doors or on-sale time are put right), then adds the
-- check against every row, so it cannot fail on a row saved before.

update public.shows set on_sale_at = null where on_sale_at >= starts_at;

alter table public.shows drop constraint if exists shows_on_sale_before_doors;

alter table public.shows
  add constraint shows_on_sale_before_doors check (on_sale_at is null or on_sale_at < starts_at);
