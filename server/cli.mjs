#!/usr/bin/env node
// @ts-check
/**
 * `npm run backend`: the local backend on its own (data in .data/db).
 *
 * Environment: TEAM_PASSWORD (the team account's password, read under its old name CALENDAR_PASSWORD too;
 * the development password of team-account.mjs unless NODE_ENV=production, where it must be set, differ from
 * that one and have at least MIN_TEAM_PASSWORD_LENGTH characters), TEAM_EMAIL (the team account's e-mail; else
 * PUBLIC_TEAM_EMAIL, else the default), BACKEND_PORT, BACKEND_DATA_DIR and BACKEND_ALLOWED_ORIGINS
 * (extra browser origins, comma-separated).
 */
import { runBackend, stopOnSignal } from "./run.mjs";

const backend = await runBackend();
stopOnSignal(() => backend.close());
