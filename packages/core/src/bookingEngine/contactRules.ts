// The checkout's contact and driver fields (document 1 §5).

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Names, e-mail and phone required. */
export function validateDriver(driver: {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}) {
  const errors: Partial<Record<'firstName' | 'lastName' | 'email' | 'phone', string>> = {};
  if (!driver.firstName.trim()) errors.firstName = 'validation_messages.required';
  if (!driver.lastName.trim()) errors.lastName = 'validation_messages.required';
  if (!driver.email.trim()) errors.email = 'validation_messages.required';
  else if (!EMAIL.test(driver.email.trim())) errors.email = 'validation_messages.email';
  if (!driver.phone.trim()) errors.phone = 'validation_messages.required';
  return errors;
}

/** The booking contact needs a last name and an e-mail for the confirmation. */
export function validateContact(contact: { surname: string; mail: string }) {
  const errors: Partial<Record<'surname' | 'mail', string>> = {};
  if (!contact.surname.trim()) errors.surname = 'validation_messages.required';
  if (!contact.mail.trim()) errors.mail = 'validation_messages.required';
  else if (!EMAIL.test(contact.mail.trim())) errors.mail = 'validation_messages.email';
  return errors;
}
