/**
 * Where the user menu's help portal opens (document 3 §10: external, in a new tab). The documents give no
 * address: `VITE_TERN_HELP_URL` sets it at build time, Tern's own help site otherwise.
 */
export const HELP_PORTAL_URL: string =
  (import.meta.env.VITE_TERN_HELP_URL as string | undefined) || 'https://tern.example/help';
