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

/** The poster's address at its shape (portrait is the file's own). */
function posterSrc(src: string, shape: keyof typeof SHAPES): string {
  return shape === "portrait" || src.includes("shape=") ? src : `${src}&shape=${shape}`;
}

/**
 * A page's largest first-screen poster, asked for from the head at high priority, before the
 * browser has parsed down to its <img> (a route's `meta` returns it beside its tags).
 */
export function posterPreload(src: string, shape: keyof typeof SHAPES = "portrait") {
  return { tagName: "link", rel: "preload", as: "image", href: posterSrc(src, shape), fetchpriority: "high" } as const;
}

export function Poster({ src, alt, shape = "portrait", eager = false, className }: PosterProps) {
  const { width, height } = SHAPES[shape];
  return (
    <span className={[styles.frame, className].filter(Boolean).join(" ")} data-shape={shape}>
      {/* React 18 sets a new element's attributes in the order written, and an <img> given its
          src before loading="lazy" has already started to load: loading comes first, so a card
          drawn in the browser (a later page, a part come alive) waits for the screen too. */}
      <img
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        // React 18 does not know fetchPriority yet; the lowercase attribute passes straight through.
        {...{ fetchpriority: eager ? "high" : "auto" }}
        className={styles.image}
        src={posterSrc(src, shape)}
        alt={alt}
        width={width}
        height={height}
      />
    </span>
  );
}
