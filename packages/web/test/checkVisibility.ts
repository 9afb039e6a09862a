/**
 * `Element.checkVisibility` for jsdom, which has none. Browsers have it, and react-aria's focus walkers use it
 * when they can (is this element visible?); without it they ask `getComputedStyle` of the element and of every
 * ancestor, for every element they pass — and jsdom answers each by matching the element against its whole
 * default style sheet: that was most of the time of a form test (a drawer re-rendering as a person types).
 *
 * The answer is jsdom's own cascade: with no style sheet in the document (`css: false`: the app's CSS is not
 * loaded in tests), an element's `display` is its inline style's, else `none` by the default sheet's rules for
 * hidden elements (its tags, `[hidden]`, a closed dialog, a hidden input), and `visibility` is inherited from the
 * nearest inline one. With a style sheet in the document it asks `getComputedStyle`, as react-aria would.
 */

const hiddenTags = new Set(
  'area base basefont datalist head link meta noembed noframes param rp script style template title noscript'
    .toUpperCase()
    .split(' '),
);

/** jsdom's computed `display` is `none` (no document style sheets). */
function displayNone(element: Element): boolean {
  const tag = element.tagName.toUpperCase();
  // An inline display wins (jsdom's cascade applies no !important, not even the hidden input's).
  const inline = (element as HTMLElement).style?.display;
  if (inline) return inline === 'none';
  if (tag === 'INPUT' && element.getAttribute('type')?.toLowerCase() === 'hidden') return true;
  if (hiddenTags.has(tag)) return true;
  if (tag === 'DIALOG' && !element.hasAttribute('open')) return true;
  const hidden = element.getAttribute('hidden');
  return hidden !== null && hidden.toLowerCase() !== 'until-found' && tag !== 'EMBED';
}

function cascaded(element: Element, options?: CheckVisibilityOptions): boolean {
  let visibility: string | undefined;
  for (
    let node: Element | null = element, child: Element | null = null;
    node;
    child = node, node = node.parentElement
  ) {
    if (displayNone(node)) return false;
    // A closed <details> renders its summary only.
    if (child && node.tagName === 'DETAILS' && !node.hasAttribute('open') && child.tagName !== 'SUMMARY')
      return false;
    visibility ||= (node as HTMLElement).style?.visibility || undefined;
  }
  const askVisibility = options?.visibilityProperty || options?.checkVisibilityCSS;
  return !askVisibility || (visibility !== 'hidden' && visibility !== 'collapse');
}

function computed(element: Element, options?: CheckVisibilityOptions): boolean {
  const view = element.ownerDocument.defaultView!;
  for (
    let node: Element | null = element, child: Element | null = null;
    node;
    child = node, node = node.parentElement
  ) {
    if (view.getComputedStyle(node).display === 'none') return false;
    if (child && node.tagName === 'DETAILS' && !node.hasAttribute('open') && child.tagName !== 'SUMMARY')
      return false;
  }
  const visibility = view.getComputedStyle(element).visibility;
  const askVisibility = options?.visibilityProperty || options?.checkVisibilityCSS;
  return !askVisibility || (visibility !== 'hidden' && visibility !== 'collapse');
}

export function checkVisibility(this: Element, options?: CheckVisibilityOptions): boolean {
  if (!this.isConnected) return false;
  return this.ownerDocument.styleSheets.length === 0 ? cascaded(this, options) : computed(this, options);
}

/** The same answer through `getComputedStyle` (for the test that holds the two together). */
export const checkVisibilityComputed = (element: Element, options?: CheckVisibilityOptions) =>
  element.isConnected && computed(element, options);

// Installed on import, before react-aria loads (it reads whether the method exists once, at its import).
const prototype: Partial<Element> = Element.prototype;
prototype.checkVisibility ??= checkVisibility;
