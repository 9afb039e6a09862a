import { describeErrorCode, type FieldError } from '@tern/sdk';
import type * as z from 'zod';
import { badRequest, type HttpError } from './errors.js';

const REQUIRED = describeErrorCode('required')!;
const required = (issue: { input?: unknown; code?: string }) =>
  issue.code === 'invalid_type' && issue.input === undefined ? REQUIRED : undefined;

/**
 * The field errors of a failed parse: `field` is the dotted camelCase path (`session.email`); a missing field
 * has the code `required`, any other refusal `invalid_value` with the schema's own words as its message.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], prefix?: string): FieldError[] {
  return issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)',
    code: issue.message === REQUIRED ? 'required' : 'invalid_value',
    message: issue.message,
  }));
}

/** 400 `invalid_input` with the fields. */
export function invalidInput(fields: FieldError[]): HttpError {
  return badRequest('invalid_input', { fields });
}

/** Parses one part of the input; throws a 400 with field errors when it does not fit. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value, { error: required });
  if (result.success) return result.data;
  throw invalidInput(fieldErrors(result.error.issues, prefix));
}
