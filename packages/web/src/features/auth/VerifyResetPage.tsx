import { useSearch } from '@tanstack/react-router';
import { resetTokenMachine } from '@tern/core/auth';
import { toStoredSession } from '@tern/core/session';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Alert } from '../../components/Alert';
import { ErrorState } from '../../components/ErrorState';
import { Link } from '../../components/Link';
import { PageHeading } from '../../components/PageHeading';
import { Spinner } from '../../components/Spinner';
import type { VerifyResetSearch } from '../../router/search';
import { useServices, useSession, useSessionActor } from '../../session/SessionContext';
import { useErrorText } from '../errors/useErrorText';
import './auth.css';

/**
 * `/verify_reset_password_email?token=…` (M12): checks the reset link's token. A valid one becomes a
 * `password_reset` session, and the session machine goes on to change password; an invalid or expired
 * one says so and offers a new link.
 */
export function VerifyResetPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const services = useServices();
  const sessionActor = useSessionActor();
  const hasSession = useSession() !== null;
  const { token } = useSearch({ strict: false }) as VerifyResetSearch;
  const logic = useMemo(
    () =>
      resetTokenMachine.provide({
        actors: {
          verifyResetToken: fromPromise(({ input }) =>
            services.client.auth.verifyResetToken({ query: input }),
          ),
        },
      }),
    [services],
  );
  const [snapshot, send] = useMachine(logic, { input: { token: token ?? null, hasSession } });
  const alertRef = useRef<HTMLDivElement>(null);

  const handedOver = useRef(false);
  useEffect(() => {
    if (snapshot.status !== 'done' || !snapshot.output || handedOver.current) return;
    handedOver.current = true;
    const output = snapshot.output;
    if (output.kind === 'verified') {
      sessionActor.send({
        type: 'session.signedIn',
        session: toStoredSession(output.session, services.now()),
      });
    } else {
      services.navigate(output.redirectTo, { replace: true });
    }
  }, [snapshot, sessionActor, services]);

  // A refusal of the link says it is invalid; a call that failed otherwise (offline, the server down) says
  // nothing about the link: its words and Try again.
  const failure = snapshot.matches('invalid') ? snapshot.context.error : null;
  const unreached = failure !== null && failure.code !== 'invalid_reset_token';
  const invalid = snapshot.matches('invalid') && !unreached;
  useEffect(() => {
    if (invalid) alertRef.current?.focus();
  }, [invalid]);

  return (
    <div className="card auth-card">
      {/* Once the check is over the heading says what it found ("Checking your link" above a refusal misled). */}
      <PageHeading>{t(invalid ? 'reset_token.invalid_title' : 'reset_token.heading')}</PageHeading>
      {unreached ? (
        <ErrorState onRetry={() => send({ type: 'user.retry' })}>{errorText(failure)}</ErrorState>
      ) : invalid ? (
        <>
          {/* Said once: the server's refusal repeats the heading in its own words, so it is not shown. */}
          <Alert ref={alertRef} variant="error">
            <p>{t('reset_token.invalid_text')}</p>
          </Alert>
          <div className="auth-card__row">
            <Link href="/login?mode=forgot" variant="button">
              {t('reset_token.request_new')}
            </Link>
          </div>
        </>
      ) : snapshot.status === 'done' ? (
        <p role="status">{t('reset_token.verified')}</p>
      ) : (
        <div className="row" role="status">
          <Spinner size="sm" decorative />
          <span>{t('reset_token.verifying')}</span>
        </div>
      )}
    </div>
  );
}
