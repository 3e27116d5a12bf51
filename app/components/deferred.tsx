/**
 * What a page shows of its deferred half (app/server/deferred.server.ts): the content once its
 * data has streamed in, and until then a placeholder drawn in the content's own frame, so nothing
 * below moves when it arrives.
 */
import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";

// The placeholder pieces live apart (./skeleton.tsx), so a card's placeholder costs a list page no Suspense or Await.
export { SkeletonBlock, SkeletonText } from "./skeleton";

/**
 * `value` shown by `children` once there (at once when the loader awaited it); until then
 * `placeholder`, which must take the content's height. The value never rejects (the loader
 * catches into an empty value), so there is no error state.
 */
export function Deferred<T>({ value, placeholder, children }: { value: T; placeholder: ReactNode; children: (resolved: Awaited<T>) => ReactNode }) {
  return (
    <Suspense fallback={placeholder}>
      <Await resolve={value} errorElement={null}>
        {(resolved) => children(resolved as Awaited<T>)}
      </Await>
    </Suspense>
  );
}

/** The frame of a placeholder: told to assistive technology as busy. */
export function Placeholder({ className, label, children }: { className?: string; label: string; children: ReactNode }) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label} data-testid="deferred-placeholder">
      {children}
    </div>
  );
}
