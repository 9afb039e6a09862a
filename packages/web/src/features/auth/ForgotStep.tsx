import { type Ref, useState } from 'react';
import { Form } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PageHeading } from '../../components/PageHeading';
import { TextField } from '../../components/TextField';
import { useErrorText } from '../errors/useErrorText';
import { useFormFocus } from './useFormFocus';
import type { useSignIn } from './useSignIn';

const ORDER = ['email'] as const;

/** Forgot password: the e-mail only; once sent, a confirmation and the button stays disabled. */
export function ForgotStep({
  signIn,
  headingRef,
}: {
  signIn: ReturnType<typeof useSignIn>;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { snapshot, send, busy } = signIn;
  const { email, fieldErrors, error, forgotSent } = snapshot.context;
  const [attempt, setAttempt] = useState(0);
  const { fieldRef, alertRef } = useFormFocus(ORDER, fieldErrors, error, attempt);

  return (
    <>
      <PageHeading ref={headingRef}>{t('forgot.heading')}</PageHeading>
      {forgotSent ? (
        <Alert variant="success" title={t('forgot.sent_title')}>
          {t('forgot.sent_text', { email: email.trim() })}
        </Alert>
      ) : (
        <p className="muted">{t('forgot.intro')}</p>
      )}
      {error ? (
        <Alert key={attempt} ref={alertRef} variant="error" title={t('general.error_message')}>
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
          errorMessage={fieldErrors.email ? t(fieldErrors.email) : null}
          inputRef={fieldRef('email')}
          isReadOnly={forgotSent}
        />
        <Button type="submit" fullWidth isPending={busy} isDisabled={forgotSent}>
          {busy ? t('forgot.sending') : t('forgot.submit')}
        </Button>
      </Form>
      <Button variant="link" onPress={() => send({ type: 'mode.credentials' })}>
        {t('forgot.back')}
      </Button>
    </>
  );
}
