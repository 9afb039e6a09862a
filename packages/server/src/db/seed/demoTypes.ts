// The shape of the demo world the seed reads is the fixtures' own.
export type * from '@tern/fixtures';
