import type { ReactNode } from 'react';
import { FieldError, Text } from 'react-aria-components';

/**
 * What every field wrapper shows under its control: the description, then the translated error (shown, and the
 * control described by it, while the field is invalid).
 */
export function FieldHelp({
  description,
  errorMessage,
}: {
  description?: ReactNode;
  errorMessage?: string | null;
}) {
  return (
    <>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </>
  );
}
