/**
 * SPEC §8's response envelope: `{ statusCode, message, data }`, the wire shape of every JSON
 * answer, with the catalogue codes of errors.ts. Both doors answer in it (the API for every call,
 * the web door's origin check for a refused API path), so it lives beside the catalogue rather
 * than in either door.
 */
import { CODES } from "./errors";

export interface Envelope<T> {
  statusCode: number;
  message: string;
  data: T | null;
}

export function ok<T>(data: T, message = "success"): Envelope<T> {
  return { statusCode: CODES.ok, message, data };
}

export function failure(code: number, message: string, data: unknown = null): Envelope<unknown> {
  return { statusCode: code, message, data };
}
