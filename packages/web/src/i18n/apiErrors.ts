import { errorCatalogue } from '@tern/sdk';

/**
 * The English words of the API's error codes (`api_errors.<code>`, with `{{param}}` as the replies' params): the
 * SDK's catalogue itself, so the English lives in one place. Other languages translate the same keys, with
 * the same params. Part of the shared catalogue: a refusal can come on any page, the sign-in page included.
 */
export const apiErrorsEn = { api_errors: errorCatalogue };
