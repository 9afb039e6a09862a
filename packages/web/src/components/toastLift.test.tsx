import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n';
import { createToastQueue, ToastRegion, toastApi } from './Toast';
import { type Box, toastLift } from './toastLift';

const box = (top: number, bottom: number, left: number, right: number): Box => ({ top, bottom, left, right });
// A 1000 × 800 window; the column rests 16 px above the bottom at the right, 200 px high.
const column = box(584, 784, 600, 984);

describe('toastLift', () => {
  it('lifts the column above a sticky bar under it, and leaves it where no bar is', () => {
    expect(toastLift(column, [], 800, 16)).toBeNull();
    expect(toastLift(column, [box(740, 800, 0, 1000)], 800, 16)).toBe(68);
  });

  it('takes the highest of the bars under it', () => {
    expect(toastLift(column, [box(760, 800, 0, 1000), box(700, 760, 500, 1000)], 800, 16)).toBe(108);
  });

  it('ignores a bar beside it, off screen, or higher up the window than the column reaches', () => {
    expect(toastLift(column, [box(740, 800, 0, 500)], 800, 16)).toBeNull();
    expect(toastLift(column, [box(900, 960, 0, 1000)], 800, 16)).toBeNull();
    expect(toastLift(column, [box(300, 360, 0, 1000)], 800, 16)).toBeNull();
    expect(toastLift(column, [box(0, 0, 0, 0)], 800, 16)).toBeNull();
  });
});

describe('ToastRegion over a form', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is lifted above a form’s action bar while a notification shows', async () => {
    vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const rect = this.classList.contains('admin-form__actions')
        ? box(740, 800, 0, 1000)
        : this.classList.contains('toast-region')
          ? column
          : box(0, 0, 0, 0);
      return { ...rect, x: rect.left, y: rect.top, width: 0, height: 0, toJSON: () => rect } as DOMRect;
    });
    const queue = createToastQueue();
    render(
      <I18nextProvider i18n={createI18n()}>
        <form>
          <div className="admin-form__actions">
            <button type="submit">Save</button>
          </div>
        </form>
        <ToastRegion queue={queue} />
      </I18nextProvider>,
    );
    act(() => void toastApi(queue).success('Saved'));
    const region = screen.getByRole('region', { name: '1 notification.' });
    await vi.waitFor(() => expect(region.style.getPropertyValue('inset-block-end')).toBe('68px'));
  });
});
