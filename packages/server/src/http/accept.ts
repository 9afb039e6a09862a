/** The quality an `Accept` header gives a media type, and whether it names it (not only through a wildcard). */
function quality(accept: string, type: string): { q: number; explicit: boolean } {
  const [major] = type.split('/');
  let best = { q: 0, explicit: false, rank: -1 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const rank = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (rank < 0 || rank < best.rank) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    best = { q: Number.isFinite(q) ? q : 0, explicit: rank === 2, rank };
  }
  return { q: best.q, explicit: best.explicit };
}

/**
 * Whether a request is a browser navigation: `Accept` names `text/html` and ranks it above JSON (a browser's
 * `text/html,…,*\/*;q=0.8`), while the SDK's `application/json` and curl's `*\/*` get the API.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = quality(accept, 'text/html');
  if (!html.explicit || html.q === 0) return false;
  const json = quality(accept, 'application/json');
  return html.q > json.q || (html.q === json.q && !json.explicit);
}
