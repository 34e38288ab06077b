-- Contacts: edits have a budget like new contacts, a restore of the whole table that cannot be
-- outrun, names and roles that are really there, no control characters, and erasure by the
-- service role. Applies unchanged to a hosted Supabase project and to the embedded local backend.

-- ---------------------------------------------------------------------------
-- Edit budget: every real change to a contact writes a history row, so changes are limited the
-- way new contacts are: at most `updates_per_minute` changed versions in any 60 seconds and
-- `updates_per_day` in any 24 hours, from all visitors (anon and authenticated) together. At
-- the defaults the history grows by at most 3,000 rows (about 3 MB at the longest values) a
-- day. The service role and direct database sessions (restores, imports, the SQL editor) are
-- not limited. Change the limits with the service role or in the SQL editor:
--   update public.contacts_limits set updates_per_minute = 120, updates_per_day = 3000;
--
-- And one request (one UPDATE statement, an upsert included) may touch at most
-- `updates_per_request` contacts, 1 by default. The app never touches more: a save and a
-- restore from a card update one contact by id, and the legacy migration upserts its contacts
-- one request each. The cap is what keeps refused requests cheap: every row an UPDATE touches is
-- written (even when nothing changes) before a check after it could refuse, and a refused
-- statement's rows stay behind as dead rows until vacuumed; a mass PATCH in a loop grew the
-- local database by 140 MB in 10 s that way, refused or not. Both checks run before each row
-- is written, so a refused request leaves behind no more than one save would (the local
-- backend measured 2 MB of table growth for 4,300 refused mass updates, none of them kept).
alter table public.contacts_limits
  add column if not exists updates_per_minute integer not null default 120 check (updates_per_minute >= 0);
alter table public.contacts_limits
  add column if not exists updates_per_day integer not null default 3000 check (updates_per_day >= 0);
alter table public.contacts_limits
  add column if not exists updates_per_request integer not null default 1 check (updates_per_request >= 0);
grant update (updates_per_minute, updates_per_day, updates_per_request) on public.contacts_limits to service_role;

-- When each counted version was written (kept for a day); written only by the budget.
create table if not exists public.contacts_update_log (
  id bigint generated always as identity primary key,
  changed_at timestamptz not null
);
create index if not exists contacts_update_log_changed_at_idx on public.contacts_update_log (changed_at);

alter table public.contacts_update_log enable row level security;
revoke all on public.contacts_update_log from anon, authenticated, service_role;
grant select on public.contacts_update_log to service_role;

-- Before each row an UPDATE touches (after contacts_before_update has set its version: triggers
-- of one kind run in name order). Refusals use SQLSTATE PT400 / PT429 (HTTP 400 / 429 from
-- PostgREST) and roll the whole statement back.
create or replace function public.contacts_edit_budget() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  limits public.contacts_limits;
  at_time timestamptz := clock_timestamp();
  statement_mark text := statement_timestamp()::text || ' ' || txid_current()::text;
  touched_state text := coalesce(current_setting('stagedoor.contacts_touched', true), '');
  touched integer := 1;
  last_minute integer;
  last_day integer;
begin
  if coalesce(current_setting('role', true), 'none') in ('none', 'service_role', 'postgres', 'supabase_admin') then
    return new;
  end if;
  -- Rows touched by this statement so far, this one included (kept for the transaction).
  if split_part(touched_state, '|', 1) = statement_mark then
    touched := split_part(touched_state, '|', 2)::integer + 1;
  end if;
  perform set_config('stagedoor.contacts_touched', statement_mark || '|' || touched, true);
  select * into limits from public.contacts_limits where id;
  if not found then
    return new;
  end if;
  if touched > limits.updates_per_request then
    raise exception 'One request may change at most % contact(s)', limits.updates_per_request
      using errcode = 'PT400',
            hint = 'Update contacts one at a time, by id.';
  end if;
  if new.version is not distinct from old.version then
    return new;
  end if;
  -- The settings row is locked, so concurrent changes are counted one after another.
  select * into limits from public.contacts_limits where id for update;
  delete from public.contacts_update_log where changed_at <= at_time - interval '1 day';
  select count(*) filter (where changed_at > at_time - interval '1 minute'), count(*)
    into last_minute, last_day
    from public.contacts_update_log;
  if last_minute >= limits.updates_per_minute then
    raise exception 'Too many changes to contacts: at most % a minute', limits.updates_per_minute
      using errcode = 'PT429', hint = 'Try again in a minute.';
  end if;
  if last_day >= limits.updates_per_day then
    raise exception 'Too many changes to contacts: at most % a day', limits.updates_per_day
      using errcode = 'PT429', hint = 'Try again tomorrow.';
  end if;
  insert into public.contacts_update_log (changed_at) values (at_time);
  return new;
end;
$$;

revoke all on function public.contacts_edit_budget() from public, anon, authenticated;

drop trigger if exists contacts_edit_budget on public.contacts;
create trigger contacts_edit_budget before update on public.contacts
  for each row execute function public.contacts_edit_budget();

-- ---------------------------------------------------------------------------
-- Restore the whole table to how it was at a time, in one transaction: every contact is locked
-- first, so changes made meanwhile wait for the restore and cannot outrun it. Each restore is
-- an ordinary update, so the history keeps what it replaced and the restore can be undone the
-- same way. Contacts added after `at` are left as they are, and so are contacts without a
-- version from then in the history. A historical version that today's checks refuse (a blank
-- name saved before the rule) is reported and left, never fails the others.
-- Only the service role may run it (`npm run contacts:restore` with SUPABASE_SERVICE_ROLE_KEY):
--   select * from public.restore_contacts('2025-01-04T09:30:00Z', dry_run => true);
create or replace function public.restore_contacts(at timestamptz, dry_run boolean default false)
returns table (
  contact text,
  outcome text,
  from_version integer,
  now_values jsonb,
  then_values jsonb,
  problem text
)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  c public.contacts;
  h public.contacts_history;
  restore_at timestamptz := restore_contacts.at;
begin
  if restore_at is null then
    raise exception 'A time to restore to is required' using errcode = '22004';
  end if;
  perform 1 from public.contacts for update;
  for c in select * from public.contacts order by created_at desc, id loop
    contact := c.id;
    from_version := null;
    now_values := jsonb_build_object('name', c.name, 'role', c.role, 'email', c.email, 'phone', c.phone);
    then_values := null;
    problem := null;
    if c.created_at > restore_at then
      outcome := 'added later';
      return next;
      continue;
    end if;
    if c.updated_at <= restore_at then
      continue;
    end if;
    select * into h from public.contacts_history ch
      where ch.contact_id = c.id and ch.written_at <= restore_at and ch.replaced_at > restore_at
      order by ch.version desc limit 1;
    if not found then
      outcome := 'unknown';
      return next;
      continue;
    end if;
    if (h.name, h.role, h.email, h.phone) is not distinct from (c.name, c.role, c.email, c.phone) then
      continue;
    end if;
    from_version := h.version;
    then_values := jsonb_build_object('name', h.name, 'role', h.role, 'email', h.email, 'phone', h.phone);
    if dry_run then
      outcome := 'would restore';
    else
      begin
        update public.contacts set name = h.name, role = h.role, email = h.email, phone = h.phone where id = c.id;
        outcome := 'restored';
      exception when check_violation or not_null_violation then
        outcome := 'refused';
        problem := sqlerrm;
      end;
    end if;
    return next;
  end loop;
end;
$$;

revoke all on function public.restore_contacts(timestamptz, boolean) from public, anon, authenticated;
grant execute on function public.restore_contacts(timestamptz, boolean) to service_role;

-- ---------------------------------------------------------------------------
-- Names and roles that are really there, and no control characters. A name or role is blank
-- when nothing is left after removing every Unicode white space character (White_Space),
-- every format and default-ignorable character (Cf and Default_Ignorable_Code_Point: zero-width
-- spaces and joiners, soft hyphen, bidirectional marks and overrides, BOM, variation
-- selectors, tags, Hangul fillers) and the blank Braille pattern. Control characters (all of
-- C0, DEL and C1; tab and line breaks included) are refused in name, role, email and phone.
--
-- Rows saved before these rules are mended, never refused, so the migration cannot fail on
-- existing data: a tab or line break becomes a space, any other control character U+FFFD, and
-- a name or role that is then blank gets a placeholder. Each mend is an ordinary update, so
-- the history keeps the value as it was.
update public.contacts set
  name = regexp_replace(regexp_replace(name, '[\u0009-\u000d]', ' ', 'g'), '[\u0001-\u001f\u007f-\u009f]', E'\uFFFD', 'g'),
  role = regexp_replace(regexp_replace(role, '[\u0009-\u000d]', ' ', 'g'), '[\u0001-\u001f\u007f-\u009f]', E'\uFFFD', 'g'),
  email = regexp_replace(regexp_replace(email, '[\u0009-\u000d]', ' ', 'g'), '[\u0001-\u001f\u007f-\u009f]', E'\uFFFD', 'g'),
  phone = regexp_replace(regexp_replace(phone, '[\u0009-\u000d]', ' ', 'g'), '[\u0001-\u001f\u007f-\u009f]', E'\uFFFD', 'g')
where name ~ '[\u0001-\u001f\u007f-\u009f]' or role ~ '[\u0001-\u001f\u007f-\u009f]'
   or email ~ '[\u0001-\u001f\u007f-\u009f]' or phone ~ '[\u0001-\u001f\u007f-\u009f]';

update public.contacts set name = '(no name)'
where regexp_replace(name, '[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]', '', 'g') = '';
update public.contacts set role = '(no role)'
where regexp_replace(role, '[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]', '', 'g') = '';

-- The new checks replace the earlier ones, which only stripped five characters.
alter table public.contacts drop constraint if exists contacts_name_not_blank;
alter table public.contacts add constraint contacts_name_not_blank check (
  regexp_replace(name, '[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]', '', 'g') <> ''
);
alter table public.contacts drop constraint if exists contacts_role_not_blank;
alter table public.contacts add constraint contacts_role_not_blank check (
  regexp_replace(role, '[\u0009-\u000d\u0020\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180b-\u180f\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]', '', 'g') <> ''
);
alter table public.contacts drop constraint if exists contacts_no_control_characters;
alter table public.contacts add constraint contacts_no_control_characters check (
  name !~ '[\u0001-\u001f\u007f-\u009f]' and role !~ '[\u0001-\u001f\u007f-\u009f]'
  and coalesce(email, '') !~ '[\u0001-\u001f\u007f-\u009f]' and coalesce(phone, '') !~ '[\u0001-\u001f\u007f-\u009f]'
);

-- ---------------------------------------------------------------------------
-- Erasure: the history keeps every earlier version of a contact, personal data included, so the
-- service role (the service key, or the SQL editor) may delete from it when someone asks to be
-- erased; the anon and authenticated roles still may only read it.
--   delete from public.contacts_history where contact_id = '<id>';
--   delete from public.contacts where id = '<id>';
grant delete on public.contacts_history to service_role;
