import { describe, expect, it } from 'vitest';
import { LIVE_STORAGE_KEY } from '../features/qa/liveInspect';
import { STORE_LIVE_KEY } from './live';

describe('the store side of the visualizer’s Live', () => {
  it('reads the switch the staff app and the visualizer write', () => {
    expect(STORE_LIVE_KEY).toBe(LIVE_STORAGE_KEY);
  });
});
