import { MarketError } from "../../../functions/market/errors";

/** The refusal a promise ends in; anything else (a result, another error) fails the test. */
export async function refusal(promise: Promise<unknown>): Promise<MarketError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof MarketError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}
