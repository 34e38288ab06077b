/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** URL of the Supabase project (the embedded local backend by default). */
  readonly PUBLIC_SUPABASE_URL: string;
  /** Public anon key of that project. */
  readonly PUBLIC_SUPABASE_ANON_KEY: string;
  /** E-mail of the shared team account the calendar signs in to (astro.config.mjs sets the default). */
  readonly PUBLIC_TEAM_EMAIL: string;
  /** The artist's name from src/content/site.yaml (astro.config.mjs defines it at build time). */
  readonly ARTIST_NAME: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
