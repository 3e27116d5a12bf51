/**
 * The live side of a chat screen: one WebSocket to the conversation's object, authenticated by
 * the chat credential. It starts from the last sequence the page was rendered with, so the
 * backlog fills the gap and nothing arrives twice (messages are kept by sequence); a dropped
 * socket reconnects from the newest sequence it has, backing off up to 30 s.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatMessage, ClientFrame, ServerFrame } from "@market/messaging/frames";
import { reconnectingSocket, socketAddress, type ReconnectingSocket } from "./reconnecting-socket";

export type LiveState = "connecting" | "live" | "offline";

export interface PendingMessage {
  clientId: string;
  text: string;
  replyTo: number | null;
  failed: string | null;
}

interface Options {
  conversationId: number;
  userSig: string | null;
  viewerId: number;
  /** The page's messages, oldest first. */
  initial: ChatMessage[];
  lastSeq: number;
  reads: Record<string, number>;
  /** The conversation's members changed (support joined). */
  membersChanged: () => void;
}

/** Applies one entry to the list kept by sequence: a recall blanks its message. */
function applyEntry(list: Map<number, ChatMessage>, entry: ChatMessage): Map<number, ChatMessage> {
  const next = new Map(list);
  if (entry.kind === "recall" && entry.ref !== null) {
    const target = next.get(entry.ref);
    if (target) next.set(entry.ref, { ...target, text: "", recalledAt: entry.sentAt });
  } else {
    next.set(entry.seq, entry);
  }
  return next;
}

export function useChatSocket({ conversationId, userSig, viewerId, initial, lastSeq, reads: initialReads, membersChanged }: Options) {
  // The latest callback, without opening the socket again when it changes.
  const onMembers = useRef(membersChanged);
  onMembers.current = membersChanged;
  const [messages, setMessages] = useState(() => new Map(initial.map((message) => [message.seq, message])));
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [reads, setReads] = useState(initialReads);
  const [typing, setTyping] = useState<number | null>(null);
  const [state, setState] = useState<LiveState>("connecting");
  const socket = useRef<ReconnectingSocket | null>(null);
  const newest = useRef(lastSeq);

  // New server data (a form post, another page) starts again from it.
  useEffect(() => {
    setMessages(new Map(initial.map((message) => [message.seq, message])));
    newest.current = Math.max(newest.current, lastSeq);
  }, [initial, lastSeq]);

  useEffect(() => {
    if (!userSig) {
      setState("offline");
      return;
    }
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const live = reconnectingSocket(() => socketAddress("/user/im/v1/socket", { conversationId: String(conversationId), since: String(newest.current), userSig }), {
      connecting: () => setState("connecting"),
      open: () => setState("live"),
      dropped: () => setState("offline"),
      message: (data, ws) => {
        const frame = JSON.parse(data) as ServerFrame;
        switch (frame.type) {
          case "message": {
            const entry = frame.message;
            newest.current = Math.max(newest.current, entry.seq);
            setMessages((list) => applyEntry(list, entry));
            if (entry.senderId === viewerId) setPending((list) => list.filter((item) => item.clientId !== entry.clientId));
            else if (entry.kind === "text" && document.visibilityState === "visible") ws.send(JSON.stringify({ type: "read", seq: entry.seq } satisfies ClientFrame));
            if (entry.senderId !== viewerId) setTyping(null);
            return;
          }
          case "read":
            setReads((current) => ({ ...current, [frame.userId]: Math.max(current[frame.userId] ?? 0, frame.seq) }));
            return;
          case "typing":
            setTyping(frame.userId);
            clearTimeout(typingTimer);
            typingTimer = setTimeout(() => setTyping(null), 4000);
            return;
          case "error":
            if (frame.clientId) setPending((list) => list.map((item) => (item.clientId === frame.clientId ? { ...item, failed: frame.message } : item)));
            return;
          case "hello":
            setReads((current) => ({ ...current, ...frame.reads }));
            return;
          case "members":
            onMembers.current();
            return;
        }
      },
    });
    socket.current = live;
    return () => {
      clearTimeout(typingTimer);
      live.close();
      socket.current = null;
    };
  }, [conversationId, userSig, viewerId]);

  /** Sends over the socket; false when it is not open (the form then posts as without JavaScript). */
  const send = useCallback((message: Omit<PendingMessage, "failed">): boolean => {
    const ws = socket.current?.current();
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    setPending((list) => [...list, { ...message, failed: null }]);
    ws.send(JSON.stringify({ type: "send", clientId: message.clientId, text: message.text, ...(message.replyTo ? { replyTo: message.replyTo } : {}) } satisfies ClientFrame));
    return true;
  }, []);

  const lastTyping = useRef(0);
  const sendTyping = useCallback(() => {
    const ws = socket.current?.current();
    if (!ws || ws.readyState !== WebSocket.OPEN || Date.now() - lastTyping.current < 3000) return;
    lastTyping.current = Date.now();
    ws.send(JSON.stringify({ type: "typing" } satisfies ClientFrame));
  }, []);

  const list = [...messages.values()].filter((message) => message.kind !== "recall").sort((a, b) => a.seq - b.seq);
  return { messages: list, pending, reads, typing, state, send, sendTyping };
}
