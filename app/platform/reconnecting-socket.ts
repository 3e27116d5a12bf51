/**
 * A WebSocket that comes back: dropped, it reconnects after 2, 4, 8 … up to 30 s, to an address
 * asked for again each time (a chat resumes from its newest sequence). The chat screen's socket
 * and the account's inbox socket both keep theirs open with it.
 */

export interface ReconnectingSocket {
  /** The open socket, or null between attempts. */
  current(): WebSocket | null;
  /** Closes it for good. */
  close(): void;
}

export function reconnectingSocket(
  url: () => string,
  on: { connecting?: () => void; open?: (again: boolean) => void; message: (data: string, socket: WebSocket) => void; dropped?: () => void },
): ReconnectingSocket {
  let closed = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let socket: WebSocket | null = null;
  const connect = () => {
    on.connecting?.();
    const ws = new WebSocket(url());
    socket = ws;
    ws.onopen = () => {
      on.open?.(attempt > 0);
      attempt = 0;
    };
    ws.onmessage = (event) => on.message(String(event.data), ws);
    ws.onclose = () => {
      socket = null;
      if (closed) return;
      on.dropped?.();
      attempt += 1;
      retry = setTimeout(connect, Math.min(30_000, 1000 * 2 ** attempt));
    };
  };
  connect();
  return {
    current: () => socket,
    close() {
      closed = true;
      clearTimeout(retry);
      socket?.close(1000, "left");
    },
  };
}

/** The address of a socket path on this origin, ws or wss as the page is. */
export function socketAddress(path: string, query: Record<string, string>): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}${path}?${new URLSearchParams(query)}`;
}
