import { type DownloadedFile, giftCardDownloadMachine } from '@tern/core/giftCards';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { toast } from '../../components/Toast';
import { useServices } from '../../session/SessionContext';

/** A file the API answered: its bytes and the name the server gave it. */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

/** Offers a file to save, as a data URL (the app's CSP allows no `blob:` for downloads). */
export async function saveFile(file: ApiFile, fallbackName: string): Promise<void> {
  const url = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file.blob);
  });
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName ?? fallbackName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * A gift-card file download on core's `giftCardDownloadMachine` (M37): a start notification, the file saved,
 * a download-failed notification on failure. `start` takes the call that fetches the file.
 */
export function useGiftCardDownload(): {
  start: (fetch: () => Promise<unknown>, fallbackName: string) => void;
  busy: boolean;
} {
  const { t } = useTranslation();
  const request = useRef<{ fetch: () => Promise<unknown>; name: string } | null>(null);
  const actor = useActorRef(
    giftCardDownloadMachine.provide({
      actors: {
        fetchFile: fromPromise<DownloadedFile, void>(async () => {
          const file = (await request.current!.fetch()) as ApiFile;
          return Object.assign(file, { size: file.blob.size });
        }),
      },
    }),
    { input: { emptyMeansZipPending: false } },
  );
  useEffect(() => {
    const subs = [
      actor.on('download.started', () => toast.success(t('gift_card_pdfs.download_started'))),
      actor.on('file.ready', ({ file }) => {
        void saveFile(file as unknown as ApiFile, request.current?.name ?? 'gift-card');
      }),
      actor.on('download.failed', () => toast.error(t('gift_card_pdfs.download_failed'))),
    ];
    return () => {
      for (const s of subs) s.unsubscribe();
    };
  }, [actor, t]);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return {
    start: (fetch, name) => {
      request.current = { fetch, name };
      actor.send({ type: 'download' });
    },
    busy,
  };
}

/** The orders page's card files (document 3 §2.3 row actions): a card's PDF and its QR code (PNG), downloaded. */
export function useCardFiles(propertyId: string | null) {
  const { client } = useServices();
  const download = useGiftCardDownload();
  return {
    busy: download.busy,
    pdf: (card: { id: string; generatedId: string }) =>
      propertyId &&
      download.start(
        () => client.giftCardPdfs.cardPdf({ params: { id: card.id }, query: { propertyId } }),
        `gift-card-${card.generatedId}.pdf`,
      ),
    qr: (card: { id: string; generatedId: string }) =>
      propertyId &&
      download.start(
        () => client.giftCardPdfs.cardQr({ params: { id: card.id }, query: { propertyId, format: 'png' } }),
        `gift-card-${card.generatedId}-qr.png`,
      ),
  };
}
