#!/usr/bin/env node
/** Runs the local backend on its own: `node server/cli.mjs` (data in .data/db). */
import { fileURLToPath } from "node:url";
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const backend = await runBackend();
  const stop = async () => {
    await backend.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
