/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** URL of the Supabase project (the embedded local backend by default). */
  readonly PUBLIC_SUPABASE_URL: string;
  /** Public anon key of that project. */
  readonly PUBLIC_SUPABASE_ANON_KEY: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
