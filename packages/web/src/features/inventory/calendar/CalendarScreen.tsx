import type { Failure } from '@tern/core/errorWords';
import type { CalendarSession } from '@tern/sdk';
import { useState } from 'react';
import { lazyTernClient } from '../../../app/lazyClient';
import { ToastRegion } from '../../../components/Toast';
import { useCatalogue } from '../../../i18n';
import { inventoryPart } from '../../../i18n/inventory';
import { type CalendarParams, frameFailed, readCalendarParams } from '../frameMessages';
import { CalendarApp } from './CalendarApp';

/** The frame's token and property, read once: the token leaves the address at once (history, a copied link). */
let captured: { params: CalendarParams | null } | null = null;
function captureParams(): CalendarParams | null {
  if (!captured) {
    captured = { params: readCalendarParams(window.location.hash) };
    if (window.location.hash)
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
  }
  return captured.params;
}

/** For tests: forget what was read, so the next screen reads the address again. */
export function resetCapturedParams(): void {
  captured = null;
}

/** Tells the inventory page, when this page is its frame (only a page of this origin hears it). */
function tellParent(error: Failure) {
  if (window.parent !== window) window.parent.postMessage(frameFailed(error), window.location.origin);
}

/**
 * `/inventory/calendar` (core route `inventoryCalendar`, drawn without the app's frame): the inventory page's
 * frame. Its credential is the one-time token in the address's fragment, exchanged for a calendar session held
 * in memory only (a reload needs a new token from the inventory page); it uses neither the app's session nor its
 * client.
 */
export function CalendarScreen() {
  useCatalogue(inventoryPart);
  const [setup] = useState(() => {
    let token: string | null = null;
    let onExpired: ((error: unknown) => void) | null = null;
    const { client } = lazyTernClient({
      token: () => token,
      onSessionExpired: (error) => onExpired?.(error),
      // A calendar session makes no payments.
      onPaymentLocked: () => {},
    });
    return {
      params: captureParams(),
      client,
      exchange: (p: CalendarParams): Promise<CalendarSession> =>
        client.inventory.openCalendar({ body: { token: p.token, propertyId: p.propertyId } }),
      onOpen: (session: CalendarSession, end: (error: unknown) => void) => {
        token = session.token;
        onExpired = end;
      },
    };
  });
  return (
    <>
      <CalendarApp
        params={setup.params}
        client={setup.client}
        exchange={setup.exchange}
        onOpen={setup.onOpen}
        onFailed={tellParent}
      />
      <ToastRegion />
    </>
  );
}
