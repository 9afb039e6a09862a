import type { Plugin } from 'vite';

/**
 * react-aria's own strings (a calendar's "Next", a table's "Select all") for the app's eight languages (document
 * 3 §1: en, es, it, pt, de, fr, el, is). react-aria has no Icelandic; it falls back to English, as it does for any
 * locale left out.
 */
export const ariaLocales = ['en-US', 'es-ES', 'it-IT', 'pt-PT', 'pt-BR', 'de-DE', 'fr-FR', 'el-GR'];

/**
 * Drops the other locales' strings from react-aria's string tables (`intlStrings.mjs`: one import and one key
 * per locale, 34 locales), the job Adobe's optimize-locales-plugin does for the older package layout.
 */
export function ariaLocalesOnly(locales: readonly string[] = ariaLocales): Plugin {
  const table = /[\\/]node_modules[\\/]react-aria(-components)?[\\/]dist[\\/].*intlStrings\.mjs$/;
  const localeImport = /^import (\$[\w$]+) from "[^"]*\/([a-z]{2}-[A-Z]{2})\.mjs";\n/gm;
  return {
    name: 'tern:aria-locales-only',
    enforce: 'pre',
    transform(code, id) {
      if (!table.test(id)) return null;
      const dropped: string[] = [];
      let out = code.replace(localeImport, (line, binding: string, locale: string) => {
        if (locales.includes(locale)) return line;
        dropped.push(binding);
        return '';
      });
      for (const binding of dropped) {
        out = out.replace(
          new RegExp(`\\s*"[a-z]{2}-[A-Z]{2}": ${binding.replaceAll('$', () => '\\$')},?`),
          '',
        );
      }
      return { code: out, map: null };
    },
  };
}
