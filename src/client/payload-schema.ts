/**
 * Typed payloads: any Standard Schema (zod, valibot, arktype, ...) describes what your workflows
 * put in `notification.payload`. The client validates each feed item's payload with it, and the
 * type flows to the hooks and components once you register it:
 *
 * ```ts
 * declare module 'inbox-kit' {
 *   interface Register { payloadSchema: typeof payloadSchema }
 * }
 * ```
 */
import type { FreePayload } from './schemas/index';

/** The Standard Schema interface (standardschema.dev), v1: what `payloadSchema` accepts. */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: Input; readonly output: Output } | undefined;
  };
}

export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };

export interface StandardIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/** The type a schema's successful validation gives; a free-form payload without a schema. */
export type SchemaOutput<S> = S extends StandardSchemaV1<unknown, infer Output> ? Output : FreePayload;

/**
 * Declare your payload schema here, once, and every hook and component knows the payload's type.
 * Empty until you do; `payload` is then a free-form object.
 */
export interface Register {}

/** The schema declared in `Register`, if any. */
export type RegisteredPayloadSchema = Register extends { payloadSchema: infer S extends StandardSchemaV1 } ? S : undefined;

/** The payload type declared through `Register`, or a free-form object when none is. */
export type RegisteredPayload = Register extends { payloadSchema: infer S extends StandardSchemaV1 } ? SchemaOutput<S> : FreePayload;

/**
 * A `payload` filter: part of the payload, matched leaf by leaf (arrays by index). Typed by the
 * payload when there is a schema, else any plain object.
 */
/**
 * A record with its payload field `K` (`payload` on v1, `data` on v2) typed as `P`: a payload that
 * may be absent is an optional field, as the service has it; a schema's output is always there.
 */
export type WithPayload<Record, K extends keyof Record, P> = Simplify<Omit<Record, K> & (undefined extends P ? { [F in K]?: P } : { [F in K]: P })>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

export type PayloadFilter<P = RegisteredPayload> = DeepPartial<NonNullable<P>>;

type DeepPartial<T> = T extends readonly (infer U)[]
  ? readonly DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;
