import { setErrorWords } from '@tern/core/errorWords';
import { describeErrorCode, errorCatalogue } from '@tern/sdk';
import { provideApiErrors } from '../i18n';

/**
 * The API's error words, given with the SDK's chunk (`client.ts`) rather than in every page's first load: core's
 * failures name the catalogue's English words, and the translator gets `api_errors.<code>` (English: the SDK's
 * catalogue itself). No failure comes before the SDK: every call loads it first.
 */
export function provideErrorWords(): void {
  setErrorWords(describeErrorCode);
  provideApiErrors('en', errorCatalogue);
}
