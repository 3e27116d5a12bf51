/**
 * What a page shows of its deferred half (app/server/deferred.server.ts): the content once its
 * data has streamed in, and until then a placeholder drawn in the content's own frame, so nothing
 * below moves when it arrives.
 */
import { Suspense, type ReactNode } from "react";
import { Await } from "react-router";
import styles from "./deferred.module.css";

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

/** A line of text still to come: as tall as the line it stands for, `width` of it. */
export function SkeletonText({ width }: { width: string }) {
  return <span className={styles.text} style={{ width }} aria-hidden="true" />;
}

/** A block still to come (a chart, a card's body), sized by the class the content itself uses. */
export function SkeletonBlock({ className }: { className?: string }) {
  return <span className={`${styles.block} ${className ?? ""}`} aria-hidden="true" />;
}

/** The frame of a placeholder: told to assistive technology as busy. */
export function Placeholder({ className, label, children }: { className?: string; label: string; children: ReactNode }) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label} data-testid="deferred-placeholder">
      {children}
    </div>
  );
}
