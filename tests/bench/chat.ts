/**
 * Chat through the conversations' Durable Objects, against the server the SSR bench measured,
 * through the public API and sockets only (as the native apps use them).
 *
 *   A "one conversation, three sockets": one buyer's support conversation open on three sockets
 *     (three devices); the buyer sends a burst of 20 messages (the per-sender limit of a minute)
 *     over one socket; messages per second is 20 over the time until every socket has them all,
 *     deliveries per second three times that (goal: 500 delivered a second).
 *   B "100 conversations": 100 buyers, each with a socket on their own support conversation,
 *     each send a message a second for 10 seconds, each at its own moment of the second (100
 *     messages a second offered, one every 10 ms); p50/p99 from
 *     a send to its receipt (the object's broadcast back on the sender's socket); goal p99 ≤ 100 ms
 *     on an idle machine. A send on a socket waits on no D1 statement (docs/decisions.md 264): the
 *     index follows in the object's batches while the bench runs.
 *
 * BENCH_CHAT_CONVERSATIONS changes 100; BENCH_CHAT=0 skips it. Figures only, never a failure.
 */
import { performance } from "node:perf_hooks";
import { fetch as upgradeFetch, type WebSocket } from "miniflare";
import { data, registerBuyers } from "./contention";
import { percentiles, type Percentiles } from "./load";

export interface ChatResult {
  burst: { messages: number; sockets: number; seconds: number; messagesPerSecond: number; deliveriesPerSecond: number } | null;
  spread: { conversations: number; messages: number; received: number; latencyMs: Percentiles; seconds: number } | null;
  errors: string[];
}

interface Party {
  token: string;
  conversationId: number;
  userSig: string;
}

async function partyOf(origin: string, token: string): Promise<Party> {
  const opened = await data<{ conversationId: number }>(origin, "/user/im/v1/conversation/open", { body: { kind: "support" }, token });
  const config = await data<{ imInfo: { userSig: string | null } }>(origin, "/user/config/v1/load", { token });
  if (!config.imInfo.userSig) throw new Error("chat is off on the bench server (no userSig)");
  return { token, conversationId: opened.conversationId, userSig: config.imInfo.userSig };
}

/** A socket on the party's conversation (miniflare's client, as the worker tests use), open once the object said hello. */
async function connect(origin: string, party: Party, onMessage: (clientId: string) => void): Promise<WebSocket> {
  const url = `${origin}/user/im/v1/socket?conversationId=${party.conversationId}&since=0&userSig=${encodeURIComponent(party.userSig)}`;
  const response = await upgradeFetch(url, { headers: { upgrade: "websocket" } });
  const socket = response.webSocket;
  if (response.status !== 101 || !socket) throw new Error(`socket refused: HTTP ${response.status}`);
  const hello = new Promise<void>((resolve) => {
    socket.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data)) as { type: string; message?: { clientId: string } };
      if (frame.type === "hello") resolve();
      else if (frame.type === "message" && frame.message) onMessage(frame.message.clientId);
    });
  });
  socket.accept();
  await hello;
  return socket;
}

const send = (socket: WebSocket, clientId: string, text: string) => socket.send(JSON.stringify({ type: "send", clientId, text }));

async function burst(origin: string, party: Party, tag: string): Promise<ChatResult["burst"]> {
  const MESSAGES = 20;
  const SOCKETS = 3;
  const counts = new Array<number>(SOCKETS).fill(0);
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => (done = resolve));
  const sockets = await Promise.all(
    counts.map((_, index) =>
      connect(origin, party, (clientId) => {
        if (!clientId.startsWith(`b${tag}`)) return;
        counts[index] += 1;
        if (counts.every((count) => count >= MESSAGES)) done();
      }),
    ),
  );
  const started = performance.now();
  for (let index = 0; index < MESSAGES; index++) send(sockets[0], `b${tag}x${String(index).padStart(4, "0")}`, `Burst message ${index}`);
  await Promise.race([all, new Promise((_, reject) => setTimeout(() => reject(new Error(`burst: sockets got ${counts.join("/")} of ${MESSAGES}`)), 30_000))]);
  const seconds = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.close();
  return { messages: MESSAGES, sockets: SOCKETS, seconds, messagesPerSecond: MESSAGES / seconds, deliveriesPerSecond: (MESSAGES * SOCKETS) / seconds };
}

async function spread(origin: string, parties: Party[], tag: string): Promise<ChatResult["spread"]> {
  const PER_CONVERSATION = 10;
  const ROUND_MS = 1000;
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const total = parties.length * PER_CONVERSATION;
  let done: () => void = () => {};
  const all = new Promise<void>((resolve) => (done = resolve));
  const onMessage = (clientId: string) => {
    const at = sentAt.get(clientId);
    if (at === undefined) return;
    sentAt.delete(clientId);
    latencies.push(performance.now() - at);
    if (latencies.length === total) done();
  };
  const sockets = await Promise.all(parties.map((party) => connect(origin, party, onMessage)));
  const started = performance.now();
  // Each conversation sends once a second at its own moment in that second (100 conversations: a
  // message every 10 ms), as people typing apart do: latency is then service, not the queue a
  // hundred sends fired in the same instant would make (the burst above measures that).
  const sends = sockets.flatMap((socket, index) =>
    Array.from({ length: PER_CONVERSATION }, (_, round) => {
      const at = round * ROUND_MS + (index * ROUND_MS) / sockets.length;
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          const clientId = `s${tag}x${index}x${round}`;
          sentAt.set(clientId, performance.now());
          send(socket, clientId, `Message ${round} in conversation ${index}`);
          resolve();
        }, at),
      );
    }),
  );
  await Promise.all(sends);
  await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  const seconds = (performance.now() - started) / 1000;
  for (const socket of sockets) socket.close();
  return { conversations: parties.length, messages: total, received: latencies.length, latencyMs: percentiles(latencies), seconds };
}

export async function chatBench(origin: string, settings: { conversations: number }): Promise<ChatResult> {
  const tag = Date.now().toString(36);
  const result: ChatResult = { burst: null, spread: null, errors: [] };
  try {
    const tokens = await registerBuyers(origin, settings.conversations + 1, `chat${tag}`, 8);
    const parties: Party[] = [];
    for (const token of tokens) parties.push(await partyOf(origin, token));
    try {
      result.burst = await burst(origin, parties[0], tag);
    } catch (error) {
      result.errors.push(error instanceof Error ? error.message : String(error));
    }
    result.spread = await spread(origin, parties.slice(1), tag);
  } catch (error) {
    result.errors.push(error instanceof Error ? error.message : String(error));
  }
  return result;
}

export function chatReport(result: ChatResult): string[] {
  const lines = ["", "Chat (Durable Object per conversation, over sockets)"];
  if (result.burst) {
    const b = result.burst;
    lines.push(
      `  one conversation, ${b.sockets} sockets: ${b.messages} messages in ${b.seconds.toFixed(2)} s = ${b.messagesPerSecond.toFixed(0)} msg/s (${b.deliveriesPerSecond.toFixed(0)} deliveries/s; goal ≥ 500 delivered)`,
    );
  }
  if (result.spread) {
    const s = result.spread;
    lines.push(
      `  ${s.conversations} conversations active: ${s.received}/${s.messages} received in ${s.seconds.toFixed(1)} s; send→receipt p50 ${s.latencyMs.p50.toFixed(1)} ms, p99 ${s.latencyMs.p99.toFixed(1)} ms (goal p99 ≤ 100 ms on an idle machine)`,
    );
  }
  for (const error of result.errors) lines.push(`  error: ${error}`);
  return lines;
}
