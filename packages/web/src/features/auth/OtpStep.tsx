import { SIGN_IN_ERROR_KEY } from '@tern/core/auth';
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

const ORDER = ['otp'] as const;

/** The one-time-code step: the code went by e-mail; the hidden challenge travels in the machine. */
export function OtpStep({
  signIn,
  headingRef,
}: {
  signIn: ReturnType<typeof useSignIn>;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { snapshot, send, busy, resendCode } = signIn;
  const { otp, otpDestination, otpResent, fieldErrors, error } = snapshot.context;
  const [attempt, setAttempt] = useState(0);
  const { fieldRef, alertRef } = useFormFocus(ORDER, fieldErrors, error, attempt);
  const codeError = fieldErrors.otp ?? fieldErrors.otpClientChallenge;

  return (
    <>
      <PageHeading ref={headingRef}>{t('otp.heading')}</PageHeading>
      <p>{t('otp.sent_to', { destination: otpDestination ?? '' })}</p>
      {otpResent && !error ? <Alert variant="success">{t('otp.resent')}</Alert> : null}
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
          label={t('otp.code')}
          description={t('otp.code_description')}
          name="otp"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={12}
          value={otp}
          onChange={(value) => send({ type: 'field.change', field: 'otp', value })}
          errorMessage={codeError ? t(codeError) : null}
          inputRef={fieldRef('otp')}
        />
        <Button type="submit" fullWidth isPending={busy}>
          {t('otp.submit')}
        </Button>
      </Form>
      <div className="auth-card__row">
        <Button variant="link" onPress={resendCode} isDisabled={busy}>
          {t('otp.resend')}
        </Button>
        <Button variant="link" onPress={() => send({ type: 'mode.credentials' })} isDisabled={busy}>
          {t('otp.back')}
        </Button>
      </div>
    </>
  );
}
