/**
 * Request data cleaning (SPEC §5): an outgoing request drops the fields that say nothing:
 * undefined, null, an empty string, an empty array. Only the top level is cleaned: inside a
 * nested object an empty value may mean "clear this", and that is the caller's to say.
 * 0 and false are values and stay.
 */
type Empty = undefined | null | "" | readonly [];

export type CleanedRequestData<T> = { [K in keyof T]?: Exclude<T[K], Empty> };

export function isEmptyRequestValue(value: unknown): value is Empty {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

/** A copy of `data` without its empty fields. */
export function cleanRequestData<T extends Record<string, unknown>>(data: T): CleanedRequestData<T> {
  const cleaned: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(data)) if (!isEmptyRequestValue(value)) cleaned[name] = value;
  return cleaned as CleanedRequestData<T>;
}
