/**
 * Pieces of a placeholder still to come (app/components/deferred.tsx, a card's placeholder): a
 * text line keeping its line box, a block sized by the content's own class.
 */
import styles from "./deferred.module.css";

/** A line of text still to come: as tall as the line it stands for, `width` of it. */
export function SkeletonText({ width }: { width: string }) {
  return <span className={styles.text} style={{ width }} aria-hidden="true" />;
}

/** A block still to come (a chart, a card's body), sized by the class the content itself uses. */
export function SkeletonBlock({ className }: { className?: string }) {
  return <span className={`${styles.block} ${className ?? ""}`} aria-hidden="true" />;
}
