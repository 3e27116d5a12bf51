/**
 * The global events (SPEC §4) as a typed bus on window: any part of the page can raise one and
 * any other can listen, without importing each other. They are DOM CustomEvents under SPEC's own
 * names (open-maiL-login keeps its capital L: the native apps and older pages say it that way),
 * so code that dispatches a plain CustomEvent (the sign-out form's logged-out) is heard too.
 */
export interface GlobalEvents {
  /** Something failed that the page should report (a toast, a log). */
  "global-error": { message: string; error?: unknown };
  /** Sign-in is needed (SPEC §4: raised when a page needs login); come back to redirectTo after. */
  "open-login": { redirectTo?: string; reason?: number };
  "open-email-verify": { email?: string };
  /** A sign-in finished; the token to keep. */
  "logged-in": { token: string };
  "logged-out": undefined;
  /** Ask the buyer to confirm something before it happens. */
  confirm: { title: string; message?: string; onConfirm: () => void; onCancel?: () => void };
  /** Open the pay modal for an order. */
  payModalPopup: { orderId: string };
  "open-maiL-login": { email?: string };
  /** A pickup order changed: its detail should load again. */
  refreshPickupOrderDetail: { orderId?: string };
}

export type GlobalEventName = keyof GlobalEvents;

export const GLOBAL_EVENT_NAMES = [
  "global-error",
  "open-login",
  "open-email-verify",
  "logged-in",
  "logged-out",
  "confirm",
  "payModalPopup",
  "open-maiL-login",
  "refreshPickupOrderDetail",
] as const satisfies readonly GlobalEventName[];

type DetailArgs<N extends GlobalEventName> = GlobalEvents[N] extends undefined ? [] : [detail: GlobalEvents[N]];

export interface GlobalEventBus {
  emit<N extends GlobalEventName>(name: N, ...detail: DetailArgs<N>): void;
  /** Listens for an event; returns the function that stops listening. */
  on<N extends GlobalEventName>(name: N, listener: (detail: GlobalEvents[N]) => void): () => void;
}

/** The bus on `target`: window in the page, a test's own EventTarget in a test. */
export function globalEventBus(target: EventTarget = window): GlobalEventBus {
  return {
    emit(name, ...[detail]) {
      target.dispatchEvent(new CustomEvent(name, { detail }));
    },
    on(name, listener) {
      // A plain CustomEvent without detail carries null; listeners of a detail-less event get undefined.
      const handle = (event: Event) => listener(((event as CustomEvent).detail ?? undefined) as never);
      target.addEventListener(name, handle);
      return () => target.removeEventListener(name, handle);
    },
  };
}
