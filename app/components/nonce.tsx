/**
 * The page's CSP nonce (functions/web/security-headers.ts), given by the server render to every
 * inline script React Router writes. The browser hides a nonce once the page has loaded, so on
 * the client the value is empty and nothing new needs one.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
