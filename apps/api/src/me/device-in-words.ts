/** Browsers by a token of their user agent, the first that matches: Edge and Opera also say "Chrome", Chrome also "Safari". */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/HeadlessChrome\//, 'Chrome (headless)'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * A user agent in words for the security log ("Chrome on Windows"); a
 * program that is no browser by its own first name ("curl"). A guess from
 * what the client says of itself, never a proof of who it was.
 */
export function deviceInWords(userAgent: string | null): string {
  if (!userAgent?.trim()) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser) return system ? `${browser} on ${system}` : browser;
  const program = /^([A-Za-z][\w.-]{0,30})\//.exec(userAgent)?.[1];
  return program ? (system ? `${program} on ${system}` : program) : 'Unknown device';
}
