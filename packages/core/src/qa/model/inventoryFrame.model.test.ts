import { inventoryFrameMachine } from '../../rates/inventoryFrameMachine.js';
import { describeModel } from '../test/modelPaths.js';

const loaded = 'xstate.done.actor.0.inventoryFrame.loadingToken';
const refused = 'xstate.error.actor.0.inventoryFrame.loadingToken';

describeModel({
  name: 'inventoryFrameMachine',
  machine: inventoryFrameMachine,
  scenarios: [
    { name: 'a property selected', input: () => ({ propertyId: 'p1' }) },
    { name: 'no property', input: () => ({ propertyId: null }) },
  ],
  events: {
    'property.select': [
      { type: 'property.select', propertyId: 'p1' },
      { type: 'property.select', propertyId: 'p2' },
      { type: 'property.select', propertyId: null },
    ],
    'frame.failed': [{ type: 'frame.failed', error: { status: 440, message: 'Calendar session ended' } }],
    [loaded]: [{ type: loaded, output: { token: 'ott-1' } }],
    [refused]: [{ type: refused, error: { status: 403, message: 'Not yours' } }],
  },
});
