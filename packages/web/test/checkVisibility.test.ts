import { afterEach, describe, expect, it } from 'vitest';
import { checkVisibility, checkVisibilityComputed } from './checkVisibility';

// The test setup's Element.checkVisibility answers from the inline styles and the default sheet's rules while
// the document has no style sheet; jsdom's getComputedStyle is the reference it must agree with.

afterEach(() => {
  document.body.innerHTML = '';
  for (const style of Array.from(document.querySelectorAll('style'))) style.remove();
});

const markup = `
  <div id="shown"><span id="inner">a</span></div>
  <div hidden><button id="underHidden">b</button></div>
  <div hidden="until-found"><button id="untilFound">c</button></div>
  <div hidden style="display: block"><button id="hiddenShownInline">d</button></div>
  <div style="display: none"><p><button id="underNone">e</button></p></div>
  <div style="visibility: hidden"><button id="underInvisible">f</button>
    <div style="visibility: visible"><button id="visibleAgain">g</button></div></div>
  <div style="visibility: collapse"><button id="collapsed">h</button></div>
  <dialog><button id="closedDialog">i</button></dialog>
  <dialog open><button id="openDialog">j</button></dialog>
  <details><summary id="summary">k</summary><button id="inClosedDetails">l</button></details>
  <details open><button id="inOpenDetails">m</button></details>
  <input id="hiddenInput" type="HIDDEN" />
  <input id="hiddenInputShown" type="hidden" style="display: block" />
  <template id="template"></template>
  <embed id="hiddenEmbed" hidden />
`;
const ids = () => Array.from(document.querySelectorAll('[id]'), (e) => e.id);

describe('checkVisibility for jsdom', () => {
  it('is installed by the setup, and agrees with getComputedStyle on what the default sheet and inline styles hide', () => {
    expect(Element.prototype.checkVisibility).toBe(checkVisibility);
    document.body.innerHTML = markup;
    for (const options of [undefined, { visibilityProperty: true }, { checkVisibilityCSS: true }])
      for (const id of ids()) {
        const element = document.getElementById(id)!;
        expect(element.checkVisibility(options), `${id} ${JSON.stringify(options)}`).toBe(
          checkVisibilityComputed(element, options),
        );
      }
    const visible = ids().filter((id) =>
      document.getElementById(id)!.checkVisibility({ visibilityProperty: true }),
    );
    expect(visible).toEqual([
      'shown',
      'inner',
      'untilFound',
      'hiddenShownInline',
      'visibleAgain',
      'openDialog',
      'summary',
      'inOpenDetails',
      'hiddenInputShown',
      'hiddenEmbed',
    ]);
  });

  it('asks getComputedStyle once the document has a style sheet, and is false for a detached element', () => {
    document.body.innerHTML = '<div class="gone"><button id="b">x</button></div>';
    const button = document.getElementById('b')!;
    expect(button.checkVisibility()).toBe(true);
    const style = document.createElement('style');
    style.textContent = '.gone { display: none }';
    document.head.append(style);
    expect(button.checkVisibility()).toBe(false);
    expect(document.createElement('div').checkVisibility()).toBe(false);
  });
});
