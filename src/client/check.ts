/**
 * A small validator for the records of the spec: objects that let unknown
 * fields through, arrays, enums, unions, optional and nullable fields, and the
 * types inferred from them. It checks and never copies: a valid value is
 * returned as it came.
 *
 * Why not zod: the kit only needs these few shapes, and zod's core alone is
 * about 6 kB gzip of a 30 kB budget. This is under 1 kB and keeps zod's
 * `parse` / `safeParse` surface for the exported schemas.
 */
import { InboxValidationError, type ValidationIssue } from './errors';

/** A problem found at `path`; `message` is readable on its own. */
export interface CheckIssue {
  path: PropertyKey[];
  message: string;
}

type Check = (value: unknown, path: PropertyKey[], issues: CheckIssue[]) => void;

export type SafeParseResult<T> = { success: true; data: T } | { success: false; issues: ValidationIssue[] };

export interface Schema<T> {
  /** Type only: the value a successful check returns. */
  readonly _output?: T;
  /** Whether an object field with this schema may be missing. */
  readonly isOptional: boolean;
  /** Pushes one issue per problem found in `value`, at `path`. */
  readonly check: Check;
  /** The value if it matches, else the issues, each with a readable path and message. */
  safeParse(value: unknown): SafeParseResult<T>;
  /** The value if it matches; else throws an `InboxValidationError` listing the issues. */
  parse(value: unknown): T;
}

export interface OptionalSchema<T> extends Schema<T | undefined> {
  readonly isOptional: true;
}

/** The type a schema checks for. */
export type Infer<S> = S extends Schema<infer T> ? T : never;

type Shape = Readonly<Record<string, Schema<unknown>>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalSchema<unknown> ? K : never }[keyof S];
type Flatten<T> = { [K in keyof T]: T[K] } & {};
/** Fields of `S`, optional where their schema is, and any other field as `unknown`. */
export type LooseObject<S extends Shape> = Flatten<
  { -readonly [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { -readonly [K in OptionalKeys<S>]?: Infer<S[K]> } & {
    [key: string]: unknown;
  }
>;

function schema<T>(check: Check, isOptional = false): Schema<T> {
  // Arrow functions over `self`: `items.map(schema.parse)` works, as it does with zod.
  const self: Schema<T> = {
    isOptional,
    check,
    safeParse: (value) => {
      const issues: CheckIssue[] = [];
      check(value, [], issues);
      return issues.length === 0 ? { success: true, data: value as T } : { success: false, issues: toIssues(issues) };
    },
    parse: (value) => parseOrThrow(undefined, self, value),
  };
  return self;
}

function typed<T>(expected: string, test: (value: unknown) => boolean): Schema<T> {
  return schema((value, path, issues) => {
    if (!test(value)) issues.push({ path, message: mismatch(expected, value) });
  });
}

export const string = (): Schema<string> => typed('string', (value) => typeof value === 'string');
export const boolean = (): Schema<boolean> => typed('boolean', (value) => typeof value === 'boolean');
/** A finite number (NaN and Infinity are refused). */
export const number = (): Schema<number> => typed('number', Number.isFinite);
export const unknown = (): Schema<unknown> => schema(() => {});
/** Any plain object, as JSON makes them (not null, an array, a Date or a class instance). */
export const record = (): Schema<Record<string, unknown>> =>
  typed('object', (value) => isObject(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null));

/** One of the given strings. */
export function oneOf<const V extends readonly string[]>(values: V): Schema<V[number]> {
  return schema((value, path, issues) => {
    const list = values.map((v) => JSON.stringify(v)).join(', ');
    if (value === undefined) issues.push({ path, message: `required value is missing (one of ${list})` });
    else if (!values.includes(value as string)) issues.push({ path, message: `expected one of ${list}, received ${describe(value)}` });
  });
}

export function array<T>(item: Schema<T>): Schema<T[]> {
  return schema((value, path, issues) => {
    if (!Array.isArray(value)) return void issues.push({ path, message: mismatch('array', value) });
    // A loop, not forEach: a hole in a sparse array is checked as undefined.
    for (let index = 0; index < value.length; index++) item.check(value[index], [...path, index], issues);
  });
}

/** An object with these fields; fields not listed pass through untouched. */
export function looseObject<const S extends Shape>(shape: S): Schema<LooseObject<S>> {
  const entries = Object.entries(shape);
  return schema((value, path, issues) => {
    if (!isObject(value)) return void issues.push({ path, message: mismatch('object', value) });
    for (const [key, field] of entries) {
      const fieldValue = Object.hasOwn(value, key) ? value[key] : undefined;
      if (fieldValue !== undefined || !field.isOptional) field.check(fieldValue, [...path, key], issues);
    }
  });
}

export function optional<T>(inner: Schema<T>): OptionalSchema<T> {
  return schema<T | undefined>((value, path, issues) => {
    if (value !== undefined) inner.check(value, path, issues);
  }, true) as OptionalSchema<T>;
}

export function nullable<T>(inner: OptionalSchema<T>): OptionalSchema<T | null>;
export function nullable<T>(inner: Schema<T>): Schema<T | null>;
export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return schema((value, path, issues) => {
    if (value !== null) inner.check(value, path, issues);
  }, inner.isOptional);
}

/** The first of `options` that matches. */
export function union<const S extends readonly Schema<unknown>[]>(options: S): Schema<Infer<S[number]>> {
  return schema((value, path, issues) => {
    for (const option of options) {
      const found: CheckIssue[] = [];
      option.check(value, path, found);
      if (found.length === 0) return;
    }
    issues.push({ path, message: value === undefined ? 'required value is missing' : `matches none of the allowed shapes (received ${describe(value)})` });
  });
}

/** `body` if it matches `schema`; else an `InboxValidationError` naming `operation` and every issue. */
export function parseOrThrow<T>(operation: string | undefined, schema: Schema<T>, body: unknown): T {
  const issues: CheckIssue[] = [];
  schema.check(body, [], issues);
  if (issues.length > 0) throw new InboxValidationError(operation, toIssues(issues), body);
  return body as T;
}

/** Issues with their paths written as `data[2].cta.type`, under `basePath`. */
export function toIssues(issues: readonly CheckIssue[], basePath: readonly PropertyKey[] = []): ValidationIssue[] {
  return issues.map(({ path, message }) => ({ path: formatPath([...basePath, ...path]), message }));
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mismatch(expected: string, value: unknown): string {
  return value === undefined ? `required ${expected} is missing` : `expected ${expected}, received ${describe(value)}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
