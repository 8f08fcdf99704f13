/**
 * The zod building blocks of the kit's schemas: `zod/mini` (it tree-shakes), with readable
 * messages built in, and objects that keep unknown fields at run time while their types list
 * only the declared ones.
 *
 * zod's functions are imported by name, never through a namespace object (`import * as z`): a
 * bundler then needs no analysis of the namespace's uses to leave out the rest of zod. Turbopack
 * (Next.js's default) keeps all of zod/mini (locales and JSON Schema included, +68 kB gzip)
 * when the built chunk that imports the namespace also has an export of the same name, and
 * the library build names chunk exports `a`, `b`, ... `z`. Types come through `import type`.
 */
import type * as z from 'zod/mini';
import { array, boolean, enum as zEnum, looseObject as zLooseObject, nullable as zNullable, number, optional, string, union, unknown } from 'zod/mini';
import { isPlainObject } from '../arguments';
import { issueMessage } from './issue-message';

const error = issueMessage;

export const str = /* @__PURE__ */ string({ error });
export const bool = /* @__PURE__ */ boolean({ error });
/** A finite number (zod refuses NaN and Infinity). */
export const num = /* @__PURE__ */ number({ error });
/**
 * A free-form JSON object (a plain object: not null, an array or a Date), kept as it came. A
 * check rather than `z.record`, which would copy every payload key by key and adds a kilobyte
 * to the bundle for nothing the inbox needs; and a check function on `unknown` (which the loose
 * objects bring anyway) rather than `z.custom`, which brings zod's refinement code for this one
 * use. The issue is the one `z.custom` reports.
 */
export const freeObject = /* @__PURE__ */ unknown().check((payload) => {
  const input = payload.value;
  if (!isPlainObject(input)) payload.issues.push({ code: 'custom', path: [], input, message: issueMessage({ code: 'invalid_type', expected: 'object', input }) });
}) as unknown as z.ZodMiniType<Record<string, unknown>, Record<string, unknown>>;

// Functions of our own rather than aliases of zod's: the build marks calls to them pure, so an
// unused schema built from them drops out of an app's bundle.
// @__NO_SIDE_EFFECTS__
export function opt<T extends z.core.SomeType>(inner: T) {
  return optional(inner);
}

// @__NO_SIDE_EFFECTS__
export function nullable<T extends z.core.SomeType>(inner: T) {
  return zNullable(inner);
}

/** One of the given strings. */
// @__NO_SIDE_EFFECTS__
export function oneOf<const V extends readonly [string, ...string[]]>(values: V) {
  return zEnum(values, { error });
}

/**
 * One of the strings `V` lists as far as types go, any string at run time: for values the kit only
 * shows or passes on, where a newer service adding one (a channel, a filter's `on`) must not
 * make a whole record invalid. The list is a type argument only (`openOneOf<typeof CHANNELS>()`),
 * so it costs a bundle nothing.
 */
// @__NO_SIDE_EFFECTS__
export function openOneOf<const V extends readonly [string, ...string[]]>() {
  return str as unknown as z.ZodMiniType<V[number] | (string & {})>;
}

// @__NO_SIDE_EFFECTS__
export function arrayOf<T extends z.core.SomeType>(item: T) {
  return array(item, { error });
}

/** The first of `options` that matches. */
// @__NO_SIDE_EFFECTS__
export function unionOf<const T extends readonly z.core.SomeType[]>(options: T) {
  return union(options, { error });
}

/**
 * An object with these fields. Fields it does not declare pass through parsing untouched (a
 * newer service never breaks an older kit), but its type is the declared shape alone, so a
 * typo such as `notification.subjct` is a compile error rather than `unknown`.
 */
// @__NO_SIDE_EFFECTS__
export function looseObject<const S extends z.core.$ZodLooseShape>(shape: S): z.ZodMiniObject<S, z.core.$strip> {
  // The one place the declared type and the run-time behaviour differ, on purpose (see above).
  return zLooseObject(shape, { error }) as unknown as z.ZodMiniObject<S, z.core.$strip>;
}

