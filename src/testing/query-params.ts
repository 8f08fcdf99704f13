/** Reading query parameters and path segments as the service does, with its messages. */
import { HttpError, isPlainObject } from './http-util';

export function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new HttpError(400, `Path parameter "${value}" is not valid percent-encoding`);
  }
}

export function integerParam(raw: string | null, name: string, min: number, max: number, fallback: number, problems: string[]): number {
  if (raw === null || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) {
    problems.push(`${name} must be an integer number`);
    return fallback;
  }
  const value = Number(raw);
  if (value < min) problems.push(`${name} must not be less than ${min}`);
  if (value > max) problems.push(`${name} must not be greater than ${max}`);
  return value;
}

export function booleanParam(raw: string | null, name: string, problems: string[]): boolean | undefined {
  if (raw === null || raw === '') return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  problems.push(`${name} must be a boolean value`);
  return undefined;
}

const PAYLOAD_ERROR = 'Invalid payload, the JSON object should be encoded to base64 string.';

/** The `payload` query parameter: base64 of UTF-8 JSON. `{}` means no filter. */
export function decodePayloadFilter(raw: string | null): Record<string, unknown> | undefined {
  if (raw === null || raw === '') return undefined;
  let parsed: unknown;
  try {
    const binary = atob(raw.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, PAYLOAD_ERROR);
  }
  if (!isPlainObject(parsed)) throw new HttpError(400, PAYLOAD_ERROR);
  return Object.keys(parsed).length === 0 ? undefined : parsed;
}
