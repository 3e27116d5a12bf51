/**
 * The 100% entry guarantee as a card: its shield, what it promises and the way to /guarantee.
 * Tour detail and the ticket confirmation show it each in their own look and words.
 */
import { Link } from "react-router";

export function GuaranteeCard({ className, title, body, more }: { className: string; title: string; body: string; more: string }) {
  return (
    <aside className={className}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6Z" />
        <path d="m8.5 12 2.5 2.5 4.5-5" />
      </svg>
      <div>
        <h2>{title}</h2>
        <p>{body}</p>
        <Link to="/guarantee">{more}</Link>
      </div>
    </aside>
  );
}
