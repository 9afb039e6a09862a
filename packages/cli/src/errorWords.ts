import { setErrorWords } from '@tern/core';
import { describeErrorCode } from '@tern/sdk';

// Core's failures name the SDK catalogue's English words (the CLI shows them): given once, at start.
setErrorWords(describeErrorCode);
