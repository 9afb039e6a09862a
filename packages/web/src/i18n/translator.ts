/**
 * Tern's translator: the part of i18next the app uses, in a few hundred bytes instead of i18next's 16 KB
 * gzipped (docs/decisions.md). Every page loads it first, so it stays this small:
 *
 * - `t(key)` looks a dotted key up in the language's messages (`session.restoring`), then in the fallback
 *   language's; a key it does not find comes back as it is, or as `defaultValue` when one is given;
 * - `{{name}}` (and `{{a.b}}`) is replaced by the option of that name; a value is inserted as it is (React
 *   escapes what it draws), never read again for `{{…}}`; a name the options lack stays `{{name}}`;
 * - with a numeric `count`, `key_one`/`key_other`… is looked up first (`Intl.PluralRules` of the language,
 *   `key_zero` when the count is 0), then `key`;
 * - `addResourceBundle` merges a part of the catalogue into the messages without overwriting them.
 *
 * The module answers to the names `i18next` itself exports (`createInstance`, the `i18n` type): the web's build,
 * tests and type check resolve `i18next` here.
 */

export type Messages = { [key: string]: string | Messages };

export type TOptions = {
  defaultValue?: string;
  count?: number;
  [param: string]: unknown;
};

export type TFunction = (key: string, options?: TOptions) => string;

export interface InitOptions {
  lng?: string;
  fallbackLng?: string;
  resources?: Record<string, Record<string, Messages>>;
  /** Accepted for i18next's shape; the translator never escapes (React does). */
  interpolation?: { escapeValue?: boolean };
  [option: string]: unknown;
}

const NAMESPACE = 'translation';

/** The value at a dotted path; a segment may itself hold dots (`{ 'a.b': … }`), as i18next allows. */
function lookUp(tree: unknown, path: string[]): unknown {
  if (path.length === 0) return tree;
  if (typeof tree !== 'object' || tree === null) return undefined;
  for (let take = 1; take <= path.length; take++) {
    const segment = path.slice(0, take).join('.');
    if (Object.hasOwn(tree, segment)) {
      const found = lookUp((tree as Record<string, unknown>)[segment], path.slice(take));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function merge(target: Messages, source: Messages): void {
  for (const [key, value] of Object.entries(source)) {
    const present = target[key];
    if (typeof value === 'object' && typeof present === 'object') merge(present, value);
    else if (present !== undefined) continue;
    else if (typeof value === 'object') {
      const copy: Messages = {};
      merge(copy, value);
      target[key] = copy;
    } else target[key] = value;
  }
}

const PARAM = /\{\{-?\s*([^{}]+?)\s*\}\}/g;

function interpolate(text: string, options: TOptions): string {
  return text.replace(PARAM, (whole, name: string) => {
    const value = lookUp(options, name.split('.'));
    if (value === undefined) return Object.hasOwn(options, name) ? '' : whole;
    return value === null ? '' : String(value);
  });
}

export class Translator {
  language: string;
  readonly options: InitOptions;
  private readonly store: Record<string, Messages> = {};
  private readonly plurals = new Map<string, Intl.PluralRules>();

  constructor(options: InitOptions = {}) {
    this.options = options;
    this.language = options.lng ?? options.fallbackLng ?? 'en';
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      const messages = namespaces[NAMESPACE];
      if (messages) this.addResourceBundle(language, NAMESPACE, messages);
    }
  }

  /** The languages a key is looked up in, in order: `en-GB`, `en`, then the fallback. */
  get languages(): string[] {
    const base = this.language.split('-')[0]!;
    const fallback = this.options.fallbackLng;
    return [...new Set([this.language, base, ...(fallback ? [fallback] : [])])];
  }

  /** i18next's `addResourceBundle(lng, ns, resources, deep, overwrite)`: always deep, never overwriting. */
  addResourceBundle(
    language: string,
    _namespace: string,
    messages: Messages,
    ..._mergeFlags: unknown[]
  ): this {
    this.store[language] ??= {};
    merge(this.store[language], messages);
    return this;
  }

  getResourceBundle(language: string, _namespace = NAMESPACE): Messages {
    return { ...this.store[language] };
  }

  exists(key: string, options: TOptions = {}): boolean {
    return this.resolve(key, options) !== undefined;
  }

  /** Bound to the instance: pass it around as `t`. */
  readonly t: TFunction = (key, options = {}) => {
    const found = this.resolve(key, options);
    const text = typeof found === 'string' ? found : (options.defaultValue ?? key);
    return interpolate(text, options);
  };

  private pluralSuffix(language: string, count: number): string {
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return `_${rules.select(count)}`;
  }

  private resolve(key: string, options: TOptions): unknown {
    const count = typeof options.count === 'number' ? options.count : null;
    for (const language of this.languages) {
      const candidates =
        count === null
          ? [key]
          : [...(count === 0 ? [`${key}_zero`] : []), `${key}${this.pluralSuffix(language, count)}`, key];
      for (const candidate of candidates) {
        const found = lookUp(this.store[language], candidate.split('.'));
        if (found !== undefined && found !== null) return found;
      }
    }
    return undefined;
  }
}

/** The app's instance type, under i18next's name for it. */
export type i18n = Translator;

export function createInstance(options: InitOptions = {}): Translator {
  return new Translator(options);
}
