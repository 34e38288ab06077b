/**
 * Test double of the shared backend for the contacts tests: an in-memory contacts table (newest
 * first, a version bumped by every update, the replaced row kept whole in contacts_history) behind
 * the test kit's fake client (src/test/fake-client.ts). A test can answer any request itself, to fail
 * it or to hold it back. fakeContactsStore puts the page's store on it, with a fixed clock, the toasts
 * it shows and the files it offers.
 */
import { fakeClient, type FakeReply, type FakeRequest } from "../../test/fake-client";
import { memoryStorage } from "../../test/memory-storage";
import { recordToasts } from "../../test/toast-recorder";
import type { ContactsToast } from "./contacts.shared";
import { createContactsStore } from "./contacts.store";
import { fieldValuesOf } from "./contacts.fields.mjs";

/** Answers a request itself (a reply, or a promise of one), or returns undefined to let the table answer. */
export type Interceptor = (
  request: FakeRequest,
  answer: (request: FakeRequest) => FakeReply,
) => FakeReply | Promise<FakeReply> | undefined;

type Row = Record<string, unknown>;

export function fakeContactsServer(initial: ({ id: string } & Record<string, string | null>)[] = []) {
  let clock = Date.UTC(2025, 0, 1, 9);
  const tick = () => new Date((clock += 60_000)).toISOString();
  const contacts: Row[] = [];
  const history: Row[] = [];
  let interceptor: Interceptor | null = null;

  const matches = (row: Row, request: FakeRequest) =>
    request.filters.every(({ column, op, value }) =>
      op === "eq" ? row[column] === value : (row[column] as number) < (value as number),
    );
  const reply = (data: unknown[]): FakeReply => ({ data: structuredClone(data), error: null, status: 200 });

  function insert(values: Row): Row {
    const now = tick();
    // Every described field, an optional one null unless given, as the table's columns are.
    const row = { id: values.id, ...fieldValuesOf(values), version: 1, created_at: now, updated_at: now };
    contacts.unshift(row);
    return row;
  }

  function update(row: Row, values: Row): void {
    const now = tick();
    const { id, version, updated_at } = row;
    history.push({ contact_id: id, version, contact: structuredClone(row), written_at: updated_at, replaced_at: now });
    Object.assign(row, values, { version: (version as number) + 1, updated_at: now });
  }

  /** What the table itself answers. */
  function answer(request: FakeRequest): FakeReply {
    const rows = request.table === "contacts_history" ? history : contacts;
    const values = request.values ?? {};
    if (request.method === "insert") return reply([insert(values)]);
    if (request.method === "upsert") {
      const existing = contacts.find((row) => row.id === values.id);
      if (existing) update(existing, values);
      else insert(values);
      return reply([]);
    }
    const found = rows.filter((row) => matches(row, request));
    if (request.method === "update") {
      found.forEach((row) => update(row, values));
      return reply(found);
    }
    const ordered = request.table === "contacts_history" ? [...found].sort((a, b) => +b.version! - +a.version!) : found;
    return reply(ordered); // the fake client sends the page the read asks for
  }

  for (const contact of [...initial].reverse()) insert(contact);

  const fake = fakeClient({ tables: (request) => interceptor?.(request, answer) ?? answer(request) });

  return {
    /** Stands in for the client. */
    client: fake.client as never,
    contacts,
    history,
    requests: fake.requests,
    /** The contact with that name as stored. */
    row: (name: string) => contacts.find((row) => row.name === name),
    /** Someone else's change, straight to the table. */
    change(name: string, values: Row) {
      const row = contacts.find((stored) => stored.name === name);
      if (row) update(row, values);
    },
    remove(name: string) {
      contacts.splice(
        contacts.findIndex((row) => row.name === name),
        1,
      );
    },
    intercept(handler: Interceptor | null) {
      interceptor = handler;
    },
  };
}

/** A store on a fake backend, with the toasts it shows as "Title: description" lines. */
export function fakeContactsStore(
  options: {
    server?: ReturnType<typeof fakeContactsServer>;
    storage?: ReturnType<typeof memoryStorage>;
    /** The new ids' randomness: the same at every call unless given. */
    random?: () => number;
  } = {},
) {
  const server = options.server ?? fakeContactsServer();
  const storage = options.storage ?? memoryStorage();
  const toasts = recordToasts<ContactsToast>();
  const downloads: { filename: string; text: string }[] = [];
  const store = createContactsStore({
    client: Promise.resolve(server.client),
    storage,
    now: () => Date.UTC(2025, 5, 1),
    random: options.random ?? (() => 0.5),
    toast: toasts.toast,
    download: (file) => downloads.push(file),
  });
  const names = () => store.$contacts.get().map((contact) => contact.name);
  return { server, storage, store, toasts: toasts.lines, downloads, names };
}

export const draft = (values: Partial<Record<"name" | "role" | "email" | "phone", string>>) => ({
  name: "",
  role: "",
  email: "",
  phone: "",
  ...values,
});

/** A directory of one contact, the piper Labhrás (id "p"), as the editing tests start from. */
export const piperDirectory = () => fakeContactsServer([{ id: "p", name: "Labhrás", role: "Piper", email: null }]);

/** A store on `server`, loaded, with its first card opened for editing. */
export async function editingFirstCard(server: ReturnType<typeof fakeContactsServer> = piperDirectory()) {
  const setup = fakeContactsStore({ server });
  await setup.store.load();
  const [contact] = setup.store.$contacts.get();
  setup.store.startEditing(contact);
  return { ...setup, contact };
}

/** The piper's role, e-mail, phone and version as the table holds them. */
export const storedPiper = (server: ReturnType<typeof fakeContactsServer>) => {
  const row = server.row("Labhrás");
  return [row?.role, row?.email, row?.phone, row?.version];
};
