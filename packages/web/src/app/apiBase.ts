/** The API base: same origin by default, `VITE_TERN_API_URL` overrides (an API on another host). */
export function apiBaseUrl(): string {
  const configured = import.meta.env.VITE_TERN_API_URL as string | undefined;
  if (configured) return configured;
  return typeof window !== 'undefined' ? window.location.origin : 'http://127.0.0.1:4000';
}
