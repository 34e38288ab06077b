/** Starts a fresh in-memory backend on a free port and makes supabase-js clients for it. */
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import WebSocket from "ws";
import { startBackend } from "./backend.mjs";
import { LOCAL_ANON_KEY } from "./local-keys.mjs";

export type Backend = Awaited<ReturnType<typeof startBackend>>;

export async function freshBackend(options: Parameters<typeof startBackend>[0] = {}): Promise<Backend> {
  return startBackend({ port: 0, ...options });
}

const clients: SupabaseClient[] = [];

/** The app's client configuration, with the ws transport Node 20 needs. */
export function client(url: string, key = LOCAL_ANON_KEY): SupabaseClient {
  const supabase = createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  clients.push(supabase);
  return supabase;
}

/** Removes every realtime channel so timers do not keep the test process alive. */
export async function closeClients(): Promise<void> {
  await Promise.all(clients.splice(0).map((supabase) => supabase.removeAllChannels()));
}

export function contact(id: string, overrides: Record<string, unknown> = {}) {
  return { id, name: `Name ${id}`, role: "Booker", email: null, phone: null, ...overrides };
}

export function event(title: string, day = "2025-04-23", overrides: Record<string, unknown> = {}) {
  const date = `${day}T12:00:00.000Z`;
  return { title, description: null, start_date: date, end_date: date, event_type: "gig", ...overrides };
}
