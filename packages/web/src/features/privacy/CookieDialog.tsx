import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { deferred } from '../../components/deferred';
import type { CookieDialogProps } from './CookieDialogView';

const CookieDialogContext = createContext<() => void>(() => {});

/** Opens the cookies dialog (the user menu's "cookie consent" entry, document 3 §10). */
export const useOpenCookieDialog = () => useContext(CookieDialogContext);

/** Holds the cookies dialog for the signed-in app; `useOpenCookieDialog` opens it. */
export function CookieDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // The dialog's chunk is fetched the first time it is asked for (react-aria's modal is not in the frame).
  const [asked, setAsked] = useState(false);
  const show = useCallback(() => {
    setAsked(true);
    setOpen(true);
  }, []);
  return (
    <CookieDialogContext.Provider value={show}>
      {children}
      {asked ? <CookieDialog isOpen={open} onOpenChange={setOpen} /> : null}
    </CookieDialogContext.Provider>
  );
}

/** The dialog itself (`CookieDialogView.tsx`), a chunk of its own; nothing shows while it arrives. */
export const CookieDialog = deferred<CookieDialogProps>(
  () => import('./CookieDialogView').then((m) => m.CookieDialog),
  () => null,
  'CookieDialog',
);
