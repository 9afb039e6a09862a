import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

/** What the booking drawer gives each of its edit forms (guests, driver, special request). */
export interface EditorProps {
  /** A save is under way. */
  busy: boolean;
  /** The words of the server's refusal of this form's last save (the form frame's summary shows them). */
  failure: string | null;
  onCancel: () => void;
}

/** The save and discard buttons of an edit form of the booking drawer, in its form frame's bar. */
export function EditorActions({ save, busy, onCancel }: { save: string } & Omit<EditorProps, 'failure'>) {
  const { t } = useTranslation();
  return (
    <>
      <Button type="submit" isPending={busy}>
        {save}
      </Button>
      <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
        {t('bookings.discard')}
      </Button>
    </>
  );
}
