#!/usr/bin/env node
/** `npm run db:reset`: deletes the local backend's data (.data/db); the next start re-applies the migrations. */
import { rmSync } from "node:fs";
import { connect } from "node:net";
import { DEFAULT_DATA_DIR } from "../server/cli.mjs";
import { LOCAL_BACKEND_PORT } from "../server/local-keys.mjs";

const running = await new Promise((resolve) => {
  const socket = connect(LOCAL_BACKEND_PORT, "127.0.0.1");
  socket.once("connect", () => (socket.destroy(), resolve(true)));
  socket.once("error", () => resolve(false));
});
if (running) {
  console.error(
    `The local backend is running on port ${LOCAL_BACKEND_PORT}: stop it (Ctrl-C) before resetting its data.`,
  );
  process.exit(1);
}
rmSync(DEFAULT_DATA_DIR, { recursive: true, force: true });
console.log(`Deleted ${DEFAULT_DATA_DIR}. The next start begins with an empty database.`);
