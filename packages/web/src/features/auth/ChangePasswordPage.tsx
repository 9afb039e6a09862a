import { type ChangePasswordRequest, changePasswordMachine } from '@tern/core/auth';
import { BOOKINGS_PATH } from '@tern/core/navigation';
import { toStoredSession } from '@tern/core/session';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import type { AppServices, SessionActor } from '../../app/services';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Link } from '../../components/Link';
import { PageHeading } from '../../components/PageHeading';
import { PasswordField } from '../../components/PasswordField';
import { useServices, useSessionActor, useSignedInSession } from '../../session/SessionContext';
import { useFormFocus } from './useFormFocus';
import './auth.css';
import { useErrorText } from '../errors/useErrorText';

const ORDER = ['oldPassword', 'password', 'confirmPassword'] as const;

const withoutKind = <T extends { kind: string }>({ kind: _kind, ...rest }: T): Omit<T, 'kind'> => rest;

/**
 * The change-password call of core's machine: with the old password normally, without it after a reset
 * link. After a reset, or the change of a one-time password, the server turns the session into an ordinary
 * one, so the stored session is refreshed (its purpose changes).
 */
async function savePassword(services: AppServices, session: SessionActor, request: ChangePasswordRequest) {
  const reply =
    request.kind === 'change'
      ? await services.client.auth.changePassword({ body: withoutKind(request) })
      : await services.client.auth.resetPassword({ body: withoutKind(request) });
  const stored = session.getSnapshot().context.session;
  const token = stored?.purpose === 'sign_in' ? null : stored?.token;
  if (token) {
    const fresh = await services.client.auth.validateToken().catch(() => null);
    if (fresh) {
      session.send({
        type: 'session.signedIn',
        session: toStoredSession({ ...fresh, token, deviceIdentifier: null }, services.now()),
      });
    }
  }
  return reply;
}

/** `/changePassword` for every signed-in user (DECISIONS 5), and the last step of a reset link. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const services = useServices();
  const sessionActor = useSessionActor();
  const { purpose } = useSignedInSession();
  const logic = useMemo(
    () =>
      changePasswordMachine.provide({
        actors: { changePassword: fromPromise(({ input }) => savePassword(services, sessionActor, input)) },
      }),
    [services, sessionActor],
  );
  const [snapshot, send] = useMachine(logic, { input: { purpose } });
  const { oldPassword, password, confirmPassword, needsOld, fieldErrors, error } = snapshot.context;
  const [attempt, setAttempt] = useState(0);
  const { fieldRef, alertRef } = useFormFocus(ORDER, fieldErrors, error, attempt);
  const busy = snapshot.hasTag('busy');
  const saved = snapshot.matches('saved');
  const savedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);
  const message = (key: string | undefined) => (key ? t(key) : null);

  return (
    <div className="page" style={{ maxWidth: '32rem' }}>
      <div className="card auth-card">
        <PageHeading>
          {needsOld ? t('change_password.heading') : t('change_password.reset_heading')}
        </PageHeading>
        {saved ? (
          <>
            <Alert ref={savedRef} variant="success" title={t('change_password.saved_title')}>
              {t('change_password.saved_text')}
            </Alert>
            <p>
              <Link href={BOOKINGS_PATH} variant="button">
                {t('change_password.continue')}
              </Link>
            </p>
          </>
        ) : (
          <>
            <p className="muted">
              {purpose === 'password_change'
                ? t('change_password.one_time_intro')
                : needsOld
                  ? t('change_password.intro')
                  : t('change_password.reset_intro')}
            </p>
            {error ? (
              <Alert key={attempt} ref={alertRef} variant="error" title={t('change_password.error_title')}>
                {errorText(error)}
              </Alert>
            ) : null}
            <Form
              className="stack"
              validationBehavior="aria"
              onSubmit={(event) => {
                event.preventDefault();
                setAttempt((n) => n + 1);
                send({ type: 'form.submit' });
              }}
            >
              {needsOld ? (
                <PasswordField
                  label={t('change_password.old_password')}
                  name="oldPassword"
                  autoComplete="current-password"
                  value={oldPassword}
                  onChange={(value) => send({ type: 'field.change', field: 'oldPassword', value })}
                  errorMessage={message(fieldErrors.oldPassword)}
                  inputRef={fieldRef('oldPassword')}
                />
              ) : null}
              <PasswordField
                label={t('change_password.password')}
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={(value) => send({ type: 'field.change', field: 'password', value })}
                errorMessage={message(fieldErrors.password)}
                inputRef={fieldRef('password')}
              />
              <PasswordField
                label={t('change_password.confirm_password')}
                name="confirmPassword"
                autoComplete="new-password"
                value={confirmPassword}
                onChange={(value) => send({ type: 'field.change', field: 'confirmPassword', value })}
                errorMessage={message(fieldErrors.confirmPassword)}
                inputRef={fieldRef('confirmPassword')}
              />
              <Button type="submit" fullWidth isPending={busy}>
                {busy ? t('change_password.saving') : t('change_password.submit')}
              </Button>
            </Form>
          </>
        )}
      </div>
    </div>
  );
}
