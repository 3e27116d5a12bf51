/**
 * A section named by its own heading: the heading's id is the section's aria-labelledby, written
 * once, so a screen reader announces the section by the title the eye reads and the two cannot
 * drift apart. The screen gives both their look (its own stylesheet's classes).
 */
import type { ComponentPropsWithoutRef, ReactNode } from "react";

type TitledSectionProps = Omit<ComponentPropsWithoutRef<"section">, "id" | "title" | "aria-labelledby"> & {
  /** The heading's id, unique on the page. */
  id: string;
  title: ReactNode;
  /** The heading's level where the section sits under another titled part of the page. */
  level?: "h2" | "h3";
  /** A table of contents is a `nav`; everything else a `section`. */
  as?: "section" | "nav";
  titleClassName?: string;
};

export function TitledSection({ id, title, level: Heading = "h2", as: Tag = "section", className, titleClassName, children, ...rest }: TitledSectionProps) {
  return (
    <Tag className={className} aria-labelledby={id} {...rest}>
      <Heading id={id} className={titleClassName}>
        {title}
      </Heading>
      {children}
    </Tag>
  );
}
