import type { Failure } from '@tern/core/errorWords';
import type { DiscoverRow } from '@tern/sdk';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog';
import { FormFrame } from '../../components/FormFrame';
import { TextArea } from '../../components/TextArea';
import { useErrorText } from '../errors/useErrorText';
import { SendButtons } from './SendButtons';

export interface RequestDialogProps {
  row: DiscoverRow | null;
  /** Whether the contract actions machine takes this request now (`snapshot.can`). */
  canSend: (message: string) => boolean;
  /** A request is under way. */
  busy: boolean;
  /** The refusal of the last request. */
  error: Failure | null;
  onSend: (message: string) => void;
  onClose: () => void;
}

/**
 * A reseller asks a property for a contract with a message (document 1 §6, §7 request_contract): a form frame in
 * the dialog, a refusal in its summary.
 */
export function RequestDialog({ row, canSend, busy, error, onSend, onClose }: RequestDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={row ? t('contracts.request_title', { name: row.name }) : ''}
      isOpen={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {(close) => (
        <RequestForm canSend={canSend} busy={busy} error={error} onSend={onSend} onCancel={close} />
      )}
    </Dialog>
  );
}

function RequestForm({
  canSend,
  busy,
  error,
  onSend,
  onCancel,
}: Pick<RequestDialogProps, 'canSend' | 'busy' | 'error' | 'onSend'> & { onCancel: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [message, setMessage] = useState('');
  return (
    <FormFrame
      variant="dialog"
      onSubmit={() => {
        if (canSend(message)) onSend(message);
      }}
      busy={busy}
      dirty={message.trim() !== ''}
      problems={[]}
      failure={error ? errorText(error) : null}
      actions={
        <SendButtons
          label={t('contracts.send_request')}
          isDisabled={!busy && !canSend(message)}
          isPending={busy}
          onCancel={onCancel}
        />
      }
    >
      <TextArea
        name="requestMessage"
        label={t('contracts.message')}
        maxLength={2000}
        value={message}
        onChange={setMessage}
      />
    </FormFrame>
  );
}
