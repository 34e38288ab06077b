-- Contacts' history keeps whole rows: each replaced version is the contact as it was, every column of
-- it, as jsonb (contacts_history.contact), and a change, its history and a restore compare whole rows
-- rather than a list of columns. A column added to contacts later is kept, compared and restored
-- without touching the history again: only its grant to the team is left to the migration that adds it.
-- Applies unchanged to a hosted Supabase project and to the embedded local backend.

-- ---------------------------------------------------------------------------
-- What the team writes of a contact: every column but those the database owns. The one list of the
-- server's columns; the comparison, the history and the restore below all go through it.
create or replace function private.contact_values(contact jsonb)
returns jsonb
language sql
immutable
parallel safe
set search_path = ''
return contact - array['id', 'version', 'created_at', 'updated_at'];

-- The comparison runs as the caller (the team's update, the service role's restore and its updates), and
-- the functions naming it find it in schema private, which the service role may now look into too: every
-- function there is revoked from public, and its tables from the service role, so the lookup is all it gets.
revoke all on function private.contact_values(jsonb) from public;
grant execute on function private.contact_values(jsonb) to anon, authenticated, service_role;
grant usage on schema private to service_role;

-- ---------------------------------------------------------------------------
-- The history's versions become whole rows. Existing ones are brought across first: each becomes the
-- contact row it was (its id, version and the time it was written included; created_at is the
-- contact's, or, for a contact since erased, the time the version was written), then the columns
-- that held four of its values go.
alter table public.contacts_history add column if not exists contact jsonb;

update public.contacts_history h set contact = to_jsonb(jsonb_populate_record(
  null::public.contacts,
  jsonb_build_object(
    'id', h.contact_id,
    'name', h.name,
    'role', h.role,
    'email', h.email,
    'phone', h.phone,
    'version', h.version,
    'updated_at', h.written_at,
    'created_at', coalesce((select c.created_at from public.contacts c where c.id = h.contact_id), h.written_at)
  )
))
where h.contact is null;

alter table public.contacts_history alter column contact set not null;
alter table public.contacts_history drop column if exists name;
alter table public.contacts_history drop column if exists role;
alter table public.contacts_history drop column if exists email;
alter table public.contacts_history drop column if exists phone;

-- ---------------------------------------------------------------------------
-- Before an update: as before (ids never change, created_at stays), and a real change is any change to
-- what the team writes, whichever column it is in.
create or replace function public.contacts_before_update() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id is distinct from old.id then
    raise exception 'A contact''s id cannot be changed'
      using errcode = 'PT400',
            detail = format('Contact %s cannot become %s.', old.id, new.id),
            hint = 'Update the contact''s name, role, email or phone instead.';
  end if;
  new.created_at := old.created_at;
  if private.contact_values(to_jsonb(new)) = private.contact_values(to_jsonb(old)) then
    new.version := old.version;
    new.updated_at := old.updated_at;
  else
    new.version := old.version + 1;
    new.updated_at := now();
  end if;
  return new;
end;
$$;

-- After a real change: keep the version it replaced, whole.
create or replace function public.contacts_keep_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.contacts_history (contact_id, version, contact, written_at, replaced_at)
  values (old.id, old.version, to_jsonb(old), old.updated_at, now());
  return null;
end;
$$;

revoke all on function public.contacts_before_update() from public, anon, authenticated;
revoke all on function public.contacts_keep_history() from public, anon, authenticated;

-- ---------------------------------------------------------------------------
-- The whole-table restore (as in 20250104100000_contacts_limits_for_edits.sql) on whole rows: a
-- contact takes every value its version held, laid over the contact as it is, so a column the version
-- predates keeps its value now. The values now and then are reported as what the team writes.
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
  restored public.contacts;
  restore_at timestamptz := restore_contacts.at;
  -- Every column the team writes, in table order: the ones a restore sets.
  columns text := (
    select string_agg(quote_ident(a.attname), ', ' order by a.attnum)
      from pg_attribute a
     where a.attrelid = 'public.contacts'::regclass and a.attnum > 0 and not a.attisdropped
       and private.contact_values(jsonb_build_object(a.attname, true)) <> '{}'::jsonb
  );
begin
  if restore_at is null then
    raise exception 'A time to restore to is required' using errcode = '22004';
  end if;
  perform 1 from public.contacts for update;
  for c in select * from public.contacts order by created_at desc, id loop
    contact := c.id;
    from_version := null;
    now_values := private.contact_values(to_jsonb(c));
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
    restored := jsonb_populate_record(c, private.contact_values(h.contact));
    then_values := private.contact_values(to_jsonb(restored));
    if then_values = now_values then
      continue;
    end if;
    from_version := h.version;
    if dry_run then
      outcome := 'would restore';
    else
      begin
        execute format(
          'update public.contacts set (%s) = (select %s from jsonb_populate_record(null::public.contacts, $1)) where id = $2',
          columns, columns
        ) using to_jsonb(restored), c.id;
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
