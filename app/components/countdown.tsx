/**
 * Time left until a server-set deadline, as mm:ss. The server's clock decides: the page is
 * rendered with the milliseconds left at the server's now, and the browser only counts down
 * from there, so a phone whose clock is wrong still shows the right time.
 */
import { useEffect, useState } from "react";

interface CountdownProps {
  /** Milliseconds left when the server rendered the page. */
  remainingMs: number;
  /** Shown once the time is up. */
  expired?: React.ReactNode;
  className?: string;
}

export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

export function Countdown({ remainingMs, expired = null, className }: CountdownProps) {
  const [left, setLeft] = useState(remainingMs);

  useEffect(() => {
    const deadline = Date.now() + remainingMs;
    setLeft(remainingMs);
    const timer = window.setInterval(() => {
      const next = deadline - Date.now();
      setLeft(next);
      if (next <= 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [remainingMs]);

  if (left <= 0 && expired) return <>{expired}</>;
  return (
    <time className={className} dateTime={`PT${Math.max(0, Math.ceil(left / 1000))}S`} role="timer" aria-live="off">
      {formatRemaining(left)}
    </time>
  );
}
