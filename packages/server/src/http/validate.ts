import type { FieldError } from '@tern/sdk';
import type { z } from 'zod';
import { badRequest, type HttpError } from './errors.js';

const required = (issue: { input?: unknown; code?: string }) =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required' : undefined;

/** The field errors of a failed parse: `field` is the dotted camelCase path (`session.email`). */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], prefix?: string): FieldError[] {
  return issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)',
    message: issue.message,
  }));
}

/** 400 with the fields; the message is the single issue's, or a general one. */
export function invalidInput(fields: FieldError[]): HttpError {
  const message = fields.length === 1 ? fields[0]!.message : 'Please correct the marked fields';
  return badRequest(message, fields);
}

/** Parses one part of the input; throws a 400 with field errors when it does not fit. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  const result = schema.safeParse(value, { error: required });
  if (result.success) return result.data;
  throw invalidInput(fieldErrors(result.error.issues, prefix));
}
