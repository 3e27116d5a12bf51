/**
 * Help-centre questions as a list of links to their answers (the FAQ's topics, an answer's
 * related questions); `children` adds rows after them. The screen gives the list its look.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";

export function FaqLinks({ items, className, rowClassName, children }: { items: { id: number; question: string }[]; className: string; rowClassName: string; children?: ReactNode }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={`/faqDetail?id=${item.id}`} className={rowClassName} prefetch="intent">
            {item.question}
          </Link>
        </li>
      ))}
      {children}
    </ul>
  );
}
