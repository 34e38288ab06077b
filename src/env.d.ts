/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** URL of the Supabase project (the embedded local backend by default). */
  readonly PUBLIC_SUPABASE_URL: string;
  /** Public anon key of that project. */
  readonly PUBLIC_SUPABASE_ANON_KEY: string;
  /** Salt and PBKDF2 hash of CALENDAR_PASSWORD, made at build time (astro.config.mjs). */
  readonly PUBLIC_CALENDAR_SALT: string;
  readonly PUBLIC_CALENDAR_PASSWORD_HASH: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
