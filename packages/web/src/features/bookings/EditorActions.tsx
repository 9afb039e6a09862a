import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

/** The save and discard buttons under an edit form of the booking drawer. */
export function EditorActions({
  save,
  busy,
  onCancel,
}: {
  save: string;
  busy: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="booking-edit__actions">
      <Button type="submit" isPending={busy}>
        {save}
      </Button>
      <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
        {t('bookings.discard')}
      </Button>
    </div>
  );
}
