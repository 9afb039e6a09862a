import { apiBaseUrl } from '../../app/apiBase';

/**
 * Whether the QA tools (`qaTool` routes: the machine visualizer) are open to every signed-in user, not only
 * admins: in a development build, or when the server runs in sandbox mode (`GET /api/v1/health` says so;
 * asked once, on the first visit to such a route, never by the other pages).
 */
export function qaToolsOpen({
  dev = import.meta.env.DEV,
  fetchImpl = (...args: Parameters<typeof fetch>) => fetch(...args),
  base = apiBaseUrl(),
}: {
  dev?: boolean;
  fetchImpl?: typeof fetch;
  base?: string;
} = {}): Promise<boolean> {
  if (dev) return Promise.resolve(true);
  asked ??= fetchImpl(`${base}/api/v1/health`)
    .then((reply) => (reply.ok ? reply.json() : null))
    .then((health: { sandbox?: unknown } | null) => health?.sandbox === true)
    .catch(() => false);
  const answer = asked;
  // A failed question is asked again at the next visit.
  answer.then((open) => {
    if (!open && asked === answer) asked = null;
  });
  return answer;
}

let asked: Promise<boolean> | null = null;
