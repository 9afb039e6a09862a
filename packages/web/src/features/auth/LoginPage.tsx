import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { usePageSearch } from '../../router/pageSearch';
import type { LoginSearch } from '../../router/search';
import { useSessionActor } from '../../session/SessionContext';
import { CredentialsStep } from './CredentialsStep';
import { ForgotStep } from './ForgotStep';
import { OtpStep } from './OtpStep';
import { useFocusOnChange } from './useFormFocus';
import { useSignIn } from './useSignIn';
import './auth.css';

/**
 * `/login` (document 1 §2, §4, §5): e-mail and password, the one-time-code step when the server asks for
 * it, and forgot password. A signed-in visitor never sees it (core's guards send them to /bookings).
 */
export function LoginPage() {
  const { t } = useTranslation();
  // Read without the router's hooks: the page is drawn before the router loads (`app/FirstLoad.tsx`).
  const search = usePageSearch<LoginSearch>();
  const session = useSessionActor();
  const signIn = useSignIn();
  const headingRef = useFocusOnChange(signIn.step);

  // Where to come back to after signing in (the guarded page, or where the session expired).
  useEffect(() => {
    session.send({ type: 'session.remember', origin: search.redirect ?? null });
  }, [session, search.redirect]);

  // `?mode=forgot` (the "request a new link" of an expired reset link) opens the forgot form.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (search.mode === 'forgot') signIn.send({ type: 'mode.forgot' });
  }, [search.mode, signIn]);

  return (
    <div className="card auth-card">
      {search.reason === 'expired' && signIn.step === 'credentials' ? (
        <Alert variant="info">{t('session.expired_notice')}</Alert>
      ) : null}
      {signIn.step === 'otp' ? (
        <OtpStep signIn={signIn} headingRef={headingRef} />
      ) : signIn.step === 'forgot' ? (
        <ForgotStep signIn={signIn} headingRef={headingRef} />
      ) : (
        <CredentialsStep signIn={signIn} headingRef={headingRef} />
      )}
    </div>
  );
}
