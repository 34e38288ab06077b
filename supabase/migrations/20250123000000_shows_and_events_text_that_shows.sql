-- A show's text and a calendar event's text are held to the rules a contact's already are.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.
--
-- - A line a fan reads of a show (venue name, street, town, county, postal code: private.is_shown_line(),
--   20250112000000) must show something, as a contact's name must (private.shown_text(), 20250109000000):
--   a line of zero-width spaces, no-break spaces, tag characters, combining marks alone, the blank Braille
--   pattern or the Hangul filler was taken before, since only white space counted as blank, and a town of
--   two zero-width spaces reached /tour's description and structured data as nothing. It holds no control
--   character (the explicit ranges, not [[:cntrl:]], which the database's locale decides), no line or
--   paragraph separator (U+2028, U+2029), and no direction control (private.without_bidi_controls(),
--   20250108000000: U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069).
-- - An event's title is such a line too (calendar_events_title_shown): before, only its length was
--   checked, so a title with a line break or U+202E (a teammate's calendar app, through the team's feed,
--   then showed it reversed) was taken.
-- - An event's description and a show's notes are text of several lines (private.is_plain_lines()): line
--   breaks as the form's text box sends them (\n: a browser gives a text box's value with \n alone, never
--   \r\n), no other control character, no separator, no direction control.
-- - A ticket link holds nothing invisible (shows_ticket_url_visible): what private.visible_text() takes
--   out (zero-width and direction characters among them) and control characters, which the https check
--   let through after the host's slash.
--
-- Rows saved before. A check whose function is redefined is not checked again against the rows already
-- there, but every later update of a row is checked whole: a show kept with an invisible town could then
-- not even be cancelled until someone found the town, and an event, which the team cannot change at all,
-- would keep a reversed title forever. So rows are mended first, as the contacts' were, by an ordinary
-- update (a show's history keeps the version as it was; an event's sequence goes up, so the calendar apps
-- reading the team's feed take the mended title): direction controls taken out, a line's control
-- characters and separators made one space, a description's or notes' \r\n, lone \r, U+0085 and separators
-- made \n and other controls a space, a ticket link's invisible characters taken out, and a line that then
-- shows nothing becomes a placeholder ("(no town)"), which the team sees and can put right. The checks are
-- then added anew and checked against every row, so the migration cannot fail on a row saved before and no
-- row is left that its next update would refuse. A kept version of a show put back by restore_show() is
-- checked like any change: one that held such text is refused, with the check's name.

-- ---------------------------------------------------------------------------
-- Checks.

-- True for one line of text a person reads: at most `longest` characters, something that shows, no control
-- character or line separator, no direction control.
create or replace function private.is_shown_line(value text, longest integer)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
return char_length(value) <= longest
  and private.shown_text(value) <> ''
  and value !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'
  and value = private.without_bidi_controls(value);

-- True for text of several lines (null too, for the check): line breaks as \n only, no other control
-- character, no line or paragraph separator, no direction control.
create or replace function private.is_plain_lines(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
return value !~ '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]'
  and value = private.without_bidi_controls(value);

revoke all on function private.is_plain_lines(text) from public;
grant execute on function private.is_plain_lines(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Mending the rows saved before (used here only, and dropped below).

create function private.mended_line(value text, placeholder text)
returns text
language sql
immutable
set search_path = ''
return (
  select case when private.shown_text(line) = '' then placeholder else line end
  from (
    select btrim(regexp_replace(private.without_bidi_controls(value), '[\u0001-\u001f\u007f-\u009f\u2028\u2029]+',
                                ' ', 'g')) as line
  ) as mended
);

create function private.mended_lines(value text)
returns text
language sql
immutable
set search_path = ''
return regexp_replace(
  regexp_replace(private.without_bidi_controls(value), '\r\n?|[\u0085\u2028\u2029]', E'\n', 'g'),
  '[\u0001-\u0009\u000b-\u001f\u007f-\u009f]', ' ', 'g');

update public.calendar_events set
  title = private.mended_line(title, '(no title)'),
  description = private.mended_lines(description)
where not private.is_shown_line(title, 200) or not private.is_plain_lines(description);

update public.shows set
  venue_name = private.mended_line(venue_name, '(no venue name)'),
  venue_street = private.mended_line(venue_street, '(no street)'),
  venue_town = private.mended_line(venue_town, '(no town)'),
  venue_county = private.mended_line(venue_county, '(no county)'),
  venue_postal_code = private.mended_line(venue_postal_code, '(no postal code)'),
  notes = private.mended_lines(notes),
  ticket_url = regexp_replace(private.visible_text(ticket_url), '[\u0001-\u001f\u007f-\u009f]', '', 'g')
where not private.is_shown_line(venue_name, 200) or not private.is_shown_line(venue_street, 200)
   or not private.is_shown_line(venue_town, 100) or not private.is_shown_line(venue_county, 100)
   or not private.is_shown_line(venue_postal_code, 20) or not private.is_plain_lines(notes)
   or private.visible_text(ticket_url) <> ticket_url or ticket_url ~ '[\u0001-\u001f\u007f-\u009f]';

drop function private.mended_line(text, text);
drop function private.mended_lines(text);

-- ---------------------------------------------------------------------------
-- The checks, added anew so that every row is checked against them.

alter table public.shows
  drop constraint if exists shows_venue_name_shown,
  drop constraint if exists shows_venue_street_shown,
  drop constraint if exists shows_venue_town_shown,
  drop constraint if exists shows_venue_county_shown,
  drop constraint if exists shows_venue_postal_code_shown,
  drop constraint if exists shows_notes_plain,
  drop constraint if exists shows_ticket_url_visible;

alter table public.shows
  add constraint shows_venue_name_shown check (private.is_shown_line(venue_name, 200)),
  add constraint shows_venue_street_shown check (private.is_shown_line(venue_street, 200)),
  add constraint shows_venue_town_shown check (private.is_shown_line(venue_town, 100)),
  add constraint shows_venue_county_shown check (private.is_shown_line(venue_county, 100)),
  add constraint shows_venue_postal_code_shown check (private.is_shown_line(venue_postal_code, 20)),
  add constraint shows_notes_plain check (private.is_plain_lines(notes)),
  add constraint shows_ticket_url_visible check (
    private.visible_text(ticket_url) = ticket_url and ticket_url !~ '[\u0001-\u001f\u007f-\u009f]'
  );

alter table public.calendar_events
  drop constraint if exists calendar_events_title_shown,
  drop constraint if exists calendar_events_description_plain;

alter table public.calendar_events
  add constraint calendar_events_title_shown check (private.is_shown_line(title, 200)),
  add constraint calendar_events_description_plain check (private.is_plain_lines(description));
