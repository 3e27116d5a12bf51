/**
 * A tour's poster art at its own shape (portrait 3:4 or wide 16:10), reserving its space before
 * it loads so nothing below jumps. Posters below the fold load lazily; the first screen's load
 * at once (`eager`).
 */
import styles from "./poster.module.css";

const SHAPES = {
  portrait: { width: 600, height: 800 },
  wide: { width: 800, height: 500 },
} as const;

interface PosterProps {
  src: string;
  /** The tour's title, read out by screen readers; empty when a caption beside it says it already. */
  alt: string;
  shape?: keyof typeof SHAPES;
  eager?: boolean;
  className?: string;
}

export function Poster({ src, alt, shape = "portrait", eager = false, className }: PosterProps) {
  const { width, height } = SHAPES[shape];
  return (
    <span className={[styles.frame, className].filter(Boolean).join(" ")} data-shape={shape}>
      <img
        className={styles.image}
        src={shape === "portrait" || src.includes("shape=") ? src : `${src}&shape=${shape}`}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        // React 18 does not know fetchPriority yet; the lowercase attribute passes straight through.
        {...{ fetchpriority: eager ? "high" : "auto" }}
      />
    </span>
  );
}
