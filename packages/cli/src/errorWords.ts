// Their own modules, not the packages' indexes: `tern --help` then loads neither the contract (zod) nor the machines.
import { setErrorWords } from '@tern/core/errorWords';
import { describeErrorCode } from '@tern/sdk/errorCatalogue';

// Core's failures name the SDK catalogue's English words (the CLI shows them): given once, at start.
setErrorWords(describeErrorCode);
