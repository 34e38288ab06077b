/**
 * Adds a sign-up with one plain `fetch` POST to the REST API, as the anon
 * role: the form needs one insert, and supabase-js (about 55 KB gzip) would
 * outweigh the whole page. `Prefer: return=minimal` asks for no row back,
 * which the anon role could not read anyway.
 */
import type { Interest } from "../../data/signup";
import { normaliseEmail, signupOutcome, type SignupOutcome } from "./signup";

export type SignupBackend = { url: string; anonKey: string };

export async function addSignup(
  fetcher: typeof fetch,
  backend: SignupBackend,
  signup: { email: string; interest: Interest },
): Promise<SignupOutcome> {
  let response: Response;
  try {
    response = await fetcher(`${backend.url.replace(/\/$/, "")}/rest/v1/fan_signups`, {
      method: "POST",
      headers: {
        apikey: backend.anonKey,
        Authorization: `Bearer ${backend.anonKey}`,
        "Content-Type": "application/json",
        "Content-Profile": "public",
        Prefer: "return=minimal",
      },
      body: JSON.stringify({ email: normaliseEmail(signup.email), interest: signup.interest }),
    });
  } catch {
    return "failed";
  }
  if (response.status === 201) return "done";
  const body: unknown = await response.json().catch(() => null);
  const code = body && typeof body === "object" && "code" in body ? String(body.code) : null;
  return signupOutcome(response.status, code);
}
