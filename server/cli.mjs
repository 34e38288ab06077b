#!/usr/bin/env node
/** Runs the local backend on its own: `node server/cli.mjs` (data in .data/db). */
import { fileURLToPath, pathToFileURL } from "node:url";
import { startBackend } from "./backend.mjs";
import { LOCAL_BACKEND_PORT } from "./local-keys.mjs";

export const DEFAULT_DATA_DIR = fileURLToPath(new URL("../.data/db", import.meta.url));

export async function runBackend({
  port = Number(process.env.BACKEND_PORT ?? LOCAL_BACKEND_PORT),
  dataDir = process.env.BACKEND_DATA_DIR ?? DEFAULT_DATA_DIR,
} = {}) {
  try {
    const backend = await startBackend({ port, dataDir, log: (line) => console.error(`[backend] ${line}`) });
    console.log(`Local backend: ${backend.url} (data in ${dataDir})`);
    return backend;
  } catch (error) {
    if (error.code === "EADDRINUSE") {
      console.error(`Port ${port} is busy: is the backend already running? Stop it or set BACKEND_PORT.`);
      process.exit(1);
    }
    throw error;
  }
}

/** Closes the backend (and the database, cleanly) on Ctrl-C; a second Ctrl-C exits at once. */
export function stopOnSignal(stop) {
  let stopping = false;
  const onSignal = () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log("\nStopping…");
    void stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const backend = await runBackend();
  stopOnSignal(() => backend.close());
}
