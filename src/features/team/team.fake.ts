/** The team session's tests' kit: a session on a fake client, document and window, and the server's refusals. */
import { fakeClient } from "../../test/fake-client";
import { fakeNetwork, fakePage } from "../../test/fake-page";
import { globalTimers } from "../../test/fake-time";
import { TEAM_PLACES, teamWords, type TeamPlace } from "./team";
import { createTeamSession, type AuthClient } from "./team.store";

export const TEAM_EMAIL = "team@example.org";
export const RATE_LIMITED = {
  data: { user: null, session: null },
  error: { name: "AuthApiError", status: 429, code: "over_request_rate_limit", message: "Request rate limit reached" },
};
export const WRONG = {
  data: { user: null, session: null },
  error: { name: "AuthApiError", status: 400, code: "invalid_credentials", message: "Invalid login credentials" },
};

export const { lockReasons: LOCK_REASONS, noConnection: NO_CONNECTION_TEXT } = teamWords(TEAM_PLACES.calendar);

/** A team session on a fake client, document and window, timed by Vitest's fake clock, on the calendar unless told. */
export function setup(
  answers: Parameters<typeof fakeClient>[0] = {},
  client?: () => Promise<AuthClient>,
  place: TeamPlace | (() => TeamPlace) = TEAM_PLACES.calendar,
) {
  const fake = fakeClient(answers);
  const page = fakePage();
  const network = fakeNetwork();
  const session = createTeamSession({
    client: client ?? (async () => fake.client as unknown as AuthClient),
    email: TEAM_EMAIL,
    place,
    page,
    network,
    timers: globalTimers,
  });
  return { ...fake, session, page, network };
}
