/**
 * Reading QR codes off the scanner's camera, in the browser only (a .client module: the Worker's
 * build has none of it, jsQR included): the platform's BarcodeDetector where it reads QR codes,
 * else jsQR on a canvas, loaded only then.
 */
interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

declare global {
  interface Window {
    BarcodeDetector?: { new (options: { formats: string[] }): Detector; getSupportedFormats?(): Promise<string[]> };
  }
}

/** A reader over the video: the platform's where it reads QR codes, else jsQR on a canvas. */
export async function makeReader(video: HTMLVideoElement): Promise<() => Promise<string | null>> {
  const Native = window.BarcodeDetector;
  if (Native && (!Native.getSupportedFormats || (await Native.getSupportedFormats()).includes("qr_code"))) {
    const detector = new Native({ formats: ["qr_code"] });
    return async () => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import("jsqr");
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true })!;
  return async () => {
    if (video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" })?.data ?? null;
  };
}

