import { describeErrorCode } from '@tern/sdk';
import { setErrorWords } from '../src/internal/errorMessage.js';

setErrorWords(describeErrorCode);
