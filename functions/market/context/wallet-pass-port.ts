/**
 * The Apple Wallet port: what the domain asks of Apple's side of a pass (functions/integrations/
 * wallet signs through the pass signer Worker and tells devices through an APNs relay). The
 * domain decides what a pass says and who may fetch it (market/entry/apple-wallet.ts); the port
 * only signs a pass's files and wakes the devices that hold it.
 */
import type { Viewer } from "./viewer";

/** The identity a pass is issued under: the pass type id and team of the signing certificate. */
export interface ApplePassIdentity {
  passTypeIdentifier: string;
  teamIdentifier: string;
}

export interface WalletPassPort {
  /** The identity passes are signed under, or null where this deployment cannot sign them (no button is shown). */
  identity(viewer: Viewer): ApplePassIdentity | null;
  /** The signed .pkpass of these files (pass.json, images). Throws systemError (503) where it cannot sign. */
  sign(viewer: Viewer, files: Record<string, Uint8Array>): Promise<Uint8Array<ArrayBuffer>>;
  /**
   * Wakes the devices behind `pushTokens` to fetch their pass of `passTypeIdentifier` again (an
   * empty APNs notification). Answers, per token, the status the relay gave it: 200 sent, 410 the
   * token is gone, 0 when no relay is configured or it could not be reached.
   */
  tellDevices(passTypeIdentifier: string, pushTokens: string[]): Promise<Map<string, number>>;
}
