/** The product's languages, the one behind them, and the namespace a key without one is read in. */
export const SUPPORTED_LANGUAGES = ["en-US", "zh-HK"] as const;
export const FALLBACK_LANGUAGE = "en-US";
export const DEFAULT_NAMESPACE = "common";
