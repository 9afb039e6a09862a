import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_TYPES, type UploadedImage } from '@tern/sdk';
import { useCallback, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../components/AlertDialog';
import { Button } from '../../components/Button';
import { LoadingSkeleton } from '../../components/Skeleton';
import { toast } from '../../components/Toast';
import { useApiQuery } from '../../data/useApiQuery';
import { useServices } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import { UploadList } from './UploadList';
import { PHOTOS_KEY, useImageUpload } from './useImageUpload';
import './photos.css';

/**
 * The property's logo (document 2 §3 logo and logoUrl; §9: one): shown, replaced by an upload (saved at once), or
 * removed after a confirmation naming the property.
 */
export function LogoField({ propertyId, title }: { propertyId: string; title: string }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const queryClient = useQueryClient();
  const photos = useApiQuery([PHOTOS_KEY, propertyId], (c, signal) =>
    c.photos.list({ params: { id: propertyId } }, { signal }),
  );
  const errorText = useErrorText();
  const [confirming, setConfirming] = useState(false);
  const setLogo = useCallback(
    async (logoUrl: string | null) => {
      try {
        const saved = await client.photos.setLogo({ params: { id: propertyId }, body: { logoUrl } });
        queryClient.setQueryData([PHOTOS_KEY, propertyId], saved);
        toast.success(t(logoUrl ? 'property_details.logo_saved' : 'property_details.logo_removed'));
      } catch (error) {
        toast.error(t('general.error_message'), errorText(error));
      }
    },
    [client, propertyId, queryClient, t, errorText],
  );
  const onUploaded = useCallback((image: UploadedImage) => void setLogo(image.publicUrl), [setLogo]);
  const uploads = useImageUpload(propertyId, onUploaded);
  const logoUrl = photos.data?.logoUrl ?? null;
  return (
    <section className="stack" aria-labelledby="details-logo">
      <h2 id="details-logo">{t('property_details.logo')}</h2>
      {photos.isPending ? (
        <LoadingSkeleton label={t('general.loading')} lines={1} />
      ) : logoUrl ? (
        <img className="logo-field__image" src={`${logoUrl}?w=575`} alt={t('property_details.logo_alt')} />
      ) : (
        <p>{t('property_details.no_logo')}</p>
      )}
      <div className="photos-editor__toolbar">
        <FileTrigger
          acceptedFileTypes={[...UPLOAD_TYPES]}
          onSelect={(files) => files && uploads.upload([...files])}
        >
          <Button variant="secondary">
            {t(logoUrl ? 'property_details.replace_logo' : 'property_details.upload_logo')}
          </Button>
        </FileTrigger>
        {logoUrl ? (
          <Button variant="quiet" onPress={() => setConfirming(true)}>
            {t('property_details.remove_logo')}
          </Button>
        ) : null}
      </div>
      <UploadList entries={uploads.entries} onDismiss={uploads.dismiss} />
      <AlertDialog
        title={t('property_details.remove_logo_question', { title })}
        isOpen={confirming}
        onOpenChange={setConfirming}
        confirmLabel={t('property_details.remove_logo')}
        cancelLabel={t('property_photos.cancel')}
        destructive
        onConfirm={() => void setLogo(null)}
      >
        {t('property_details.no_logo')}
      </AlertDialog>
    </section>
  );
}
