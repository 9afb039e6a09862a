import { SIGN_IN_ERROR_KEY } from '@tern/core/auth';
import { lazy, type Ref, Suspense, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import type { CheckboxProps } from '../../components/Checkbox';
import { PageHeading } from '../../components/PageHeading';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { useErrorText } from '../errors/useErrorText';
import { useFormFocus } from './useFormFocus';
import type { useSignIn } from './useSignIn';
import '../../components/Checkbox.css';

const Checkbox = lazy(() =>
  import('../../components/Checkbox').then((module) => ({ default: module.Checkbox })),
);

/**
 * "Remember me": react-aria's checkbox (3 KB gzipped) is fetched after the page draws; until then a box of the
 * same size and the label hold its place (as `components/deferred.tsx` does, with React's own `lazy`, which the
 * sign-in page's first load has anyway).
 */
export function RememberMe(props: CheckboxProps) {
  const pending = (
    <span className="checkbox" aria-disabled="true" data-selected={props.isSelected || undefined}>
      <span className="checkbox__box" aria-hidden="true" />
      <span>{props.children}</span>
    </span>
  );
  return (
    <Suspense fallback={pending}>
      <Checkbox {...props} />
    </Suspense>
  );
}

const ORDER = ['email', 'password'] as const;

export function CredentialsStep({
  signIn,
  headingRef,
}: {
  signIn: ReturnType<typeof useSignIn>;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { snapshot, send, busy } = signIn;
  const { email, password, rememberMe, fieldErrors, error } = snapshot.context;
  const [attempt, setAttempt] = useState(0);
  const { fieldRef, alertRef } = useFormFocus(ORDER, fieldErrors, error, attempt);
  const message = (key: string | undefined) => (key ? t(key) : null);

  return (
    <>
      <PageHeading ref={headingRef}>{t('login.heading')}</PageHeading>
      <p className="muted">{t('login.intro')}</p>
      {error ? (
        <Alert key={attempt} ref={alertRef} variant="error" title={t(SIGN_IN_ERROR_KEY)}>
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
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={email}
          onChange={(value) => send({ type: 'field.change', field: 'email', value })}
          errorMessage={message(fieldErrors.email)}
          inputRef={fieldRef('email')}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(value) => send({ type: 'field.change', field: 'password', value })}
          errorMessage={message(fieldErrors.password)}
          inputRef={fieldRef('password')}
        />
        <div className="auth-card__row">
          <RememberMe
            isSelected={rememberMe}
            onChange={(value) => send({ type: 'field.change', field: 'rememberMe', value })}
            isDisabled={busy}
          >
            {t('login.remember_me')}
          </RememberMe>
          <Button variant="link" onPress={() => send({ type: 'mode.forgot' })} isDisabled={busy}>
            {t('login.forgot_link')}
          </Button>
        </div>
        <Button type="submit" fullWidth isPending={busy}>
          {busy ? t('login.submitting') : t('login.submit')}
        </Button>
      </Form>
    </>
  );
}
