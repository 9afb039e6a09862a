// A gift card type's description as the public store sends it (contract `storefrontType.description`: HTML,
// sanitised by the server). Staff write it in the back office — any text, HTML or not — and a visitor's browser
// renders it, so what leaves here is rebuilt, never copied: only the tags below, each written anew with no
// attribute but a link's http(s)/mailto `href`; every other character of the source is text, escaped. A tag not
// allowed is dropped (its text kept), and a script's or style's content with it; tags left open are closed.
// A description with no allowed tag is plain text: its blank lines make paragraphs and its line breaks `<br>`.

/** The tags a description keeps (every other is dropped, its text kept). */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'a',
] as const;
const ALLOWED = new Set<string>(RICH_TEXT_TAGS);
const VOID = new Set(['br']);
/** Elements whose content is not text a visitor should see. */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'title',
  'svg',
  'math',
  'head',
]);

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/y;
const ENTITY = /&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/y;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
const SAFE_URL = /^(?:https?:\/\/|mailto:)[^\s]/i;

const ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '&': '&amp;',
};

/** Text as HTML: every special character escaped, an entity the source wrote kept as it is. */
function escapeText(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '&') {
      ENTITY.lastIndex = i;
      const entity = ENTITY.exec(source);
      if (entity) {
        out += entity[0];
        i += entity[0].length - 1;
        continue;
      }
    }
    out += ESCAPES[c] ?? c;
  }
  return out;
}

function openTag(name: string, attributes: string): string {
  if (name !== 'a') return `<${name}>`;
  const href = HREF.exec(attributes);
  const url = (href?.[1] ?? href?.[2] ?? href?.[3] ?? '').trim();
  return SAFE_URL.test(url) ? `<a href="${escapeText(url)}" rel="nofollow noopener noreferrer">` : '<a>';
}

/** Plain text as paragraphs: blank lines part them, a line break inside one is kept. */
const paragraphs = (text: string): string =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeText(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');

/**
 * Descriptions already made safe, by their source text: a storefront of 200 types rebuilt each one on every read
 * (a tenth of the call). The answer depends on the text alone, so a changed description is simply another key;
 * the map is emptied when it reaches `SAFE_KEPT` entries.
 */
const safe = new Map<string, string>();
const SAFE_KEPT = 5_000;

/** The description as safe HTML (see above), from the map of descriptions already made safe when it is there. */
export function sanitiseRichText(source: string): string {
  const known = safe.get(source);
  if (known !== undefined) return known;
  const made = rebuild(source);
  if (safe.size >= SAFE_KEPT) safe.clear();
  safe.set(source, made);
  return made;
}

function rebuild(source: string): string {
  let out = '';
  let text = '';
  let tags = 0;
  const open: string[] = [];
  const flush = () => {
    out += escapeText(text);
    text = '';
  };
  for (let i = 0; i < source.length; ) {
    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i + 4);
      i = end < 0 ? source.length : end + 3;
      continue;
    }
    TAG.lastIndex = i;
    const tag = source[i] === '<' ? TAG.exec(source) : null;
    if (!tag) {
      text += source[i];
      i++;
      continue;
    }
    i += tag[0].length;
    const closing = tag[1] === '/';
    const name = tag[2]!.toLowerCase();
    if (DROPPED.has(name)) {
      if (!closing) {
        const end = source.toLowerCase().indexOf(`</${name}`, i);
        const close = end < 0 ? -1 : source.indexOf('>', end);
        i = close < 0 ? source.length : close + 1;
      }
      continue;
    }
    if (!ALLOWED.has(name)) continue;
    flush();
    tags++;
    if (!closing) {
      out += openTag(name, tag[3] ?? '');
      if (!VOID.has(name)) open.push(name);
    } else if (open.includes(name)) {
      while (open.length > 0) {
        const last = open.pop()!;
        out += `</${last}>`;
        if (last === name) break;
      }
    }
  }
  if (tags === 0) return paragraphs(text);
  flush();
  while (open.length > 0) out += `</${open.pop()}>`;
  return out;
}
