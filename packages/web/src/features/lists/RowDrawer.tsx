import { Fragment, type ReactNode } from 'react';
import { Drawer } from '../../components/Drawer';

/**
 * The list kit's drawer slot: a row's drawer, or a new record's (`'new'`), at the end side — open while `row` is
 * set, closed by Escape, a click outside or its close button (`onClose`). Its body is made afresh for each row
 * (keyed by the row's id), given the row (null for a new one) and `close`.
 */
export function RowDrawer<T extends { id: string }>({
  row,
  title,
  width,
  onClose,
  children,
}: {
  row: T | 'new' | null;
  title: string;
  width?: string;
  onClose: () => void;
  children: (row: T | null, close: () => void) => ReactNode;
}) {
  return (
    <Drawer
      title={title}
      isOpen={row !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      side="end"
      {...(width ? { width } : {})}
    >
      {(close) =>
        row ? (
          <Fragment key={row === 'new' ? 'new' : row.id}>
            {children(row === 'new' ? null : row, close)}
          </Fragment>
        ) : null
      }
    </Drawer>
  );
}
