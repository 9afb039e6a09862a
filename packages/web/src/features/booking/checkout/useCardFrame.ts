import { cardFrameMachine, type VaultCard } from '@tern/core';
import { useMachine } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../../session/SessionContext';
import { bookingApi, type Kind } from '../api';

/** Document 1 §8: the card is needed but the frame is not ready — the error modal. */
export class FrameNotReadyError extends Error {
  override name = 'FrameNotReadyError';
  constructor() {
    super('The card form is not ready');
  }
}

/**
 * Core's card-frame handshake with the web's edges: the form's address from `card_capture_form_url`, the
 * window's `message` events from this page's frame, and `postMessage` to the frame. `requestCard` asks
 * the machine for the card and settles with its outcome: the card, the vault's error, or not ready.
 */
export function useCardFrame(kind: Kind, propertyId: string) {
  const { client } = useServices();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const logic = useMemo(
    () =>
      cardFrameMachine.provide({
        actors: {
          loadCardForm: fromPromise(({ input, signal }) =>
            bookingApi(client).cardCaptureFormUrl(input.kind, input.id, signal),
          ),
        },
        actions: {
          postToFrame: (_, params: { message: unknown; origin: string }) =>
            frame.current?.contentWindow?.postMessage(params.message, params.origin),
        },
      }),
    [client],
  );
  const [snapshot, send, actor] = useMachine(logic, { input: { kind, propertyId } });

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only this page's frame; the machine checks the vault's origin (R080).
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      send({ type: 'frame.message', origin: event.origin, data: event.data });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send]);

  const requestCard = useCallback(
    () =>
      new Promise<VaultCard>((resolve, reject) => {
        const subscriptions = [
          actor.on('cardFrame.card', (e) => settle(() => resolve(e.card))),
          actor.on('cardFrame.error', (e) => settle(() => reject(new Error(e.message)))),
          actor.on('cardFrame.notReady', () => settle(() => reject(new FrameNotReadyError()))),
        ];
        function settle(done: () => void) {
          for (const s of subscriptions) s.unsubscribe();
          done();
        }
        actor.send({ type: 'card.request' });
      }),
    [actor],
  );

  return {
    frame,
    snapshot,
    requestCard,
    failed: () => send({ type: 'frame.failed' }),
    reload: () => send({ type: 'form.reload' }),
  };
}
