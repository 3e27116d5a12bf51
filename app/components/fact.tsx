/**
 * One row of a facts list (a `<dl>`): its label and its value, in the `<div>` that keeps the two
 * together for the list's grid. The screen's stylesheet gives the list its look.
 */
import type { ReactNode } from "react";

export function Fact({ label, testId, children }: { label: ReactNode; /** The value's test id. */ testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
