#!/usr/bin/env node
// @ts-check
/**
 * `npm run db:reset`: deletes the local backend's data (.data/db, or BACKEND_DATA_DIR); the next start
 * re-applies the migrations, then supabase/seed.sql. Refuses while a backend answers on its port (54321, or
 * BACKEND_PORT).
 */
import { rmSync } from "node:fs";
import { connect } from "node:net";
import { DEFAULT_DATA_DIR } from "../server/run.mjs";
import { LOCAL_BACKEND_PORT } from "../server/local-keys.mjs";

const port = Number(process.env.BACKEND_PORT ?? LOCAL_BACKEND_PORT);
const dataDir = process.env.BACKEND_DATA_DIR ?? DEFAULT_DATA_DIR;
const running = await new Promise((resolve) => {
  const socket = connect(port, "127.0.0.1");
  socket.once("connect", () => (socket.destroy(), resolve(true)));
  socket.once("error", () => resolve(false));
});
if (running) {
  console.error(`The local backend is running on port ${port}: stop it (Ctrl-C) before resetting its data.`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`Deleted ${dataDir}. The next start begins afresh, with supabase/seed.sql's data.`);
