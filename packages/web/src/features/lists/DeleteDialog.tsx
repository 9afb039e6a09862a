import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../components/AlertDialog';

/**
 * The list kit's confirmation before a row is deleted: open while `row` is set, titled by the row (it names the
 * thing it deletes), Delete or Cancel; `onConfirm` gets the row.
 */
export function DeleteDialog<T>({
  row,
  title,
  onClose,
  onConfirm,
  children,
}: {
  row: T | null;
  title: (row: T) => string;
  onClose: () => void;
  onConfirm: (row: T) => unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog
      title={row ? title(row) : ''}
      isOpen={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      variant="error"
      destructive
      confirmLabel={t('payment_providers.delete_confirm')}
      cancelLabel={t('admin.cancel')}
      onConfirm={() => {
        if (row) void onConfirm(row);
      }}
    >
      {children}
    </AlertDialog>
  );
}
